import type { MockExtension } from '../extension.ts';
import { coreError } from '../http/errors.ts';
import type { ResponseKit } from '../http/responses.ts';
import { type Params, type Route, route } from '../http/router.ts';
import { truncate } from '../http/text.ts';
import { parseId } from '../orders/ids.ts';
import type { Clock, MockResponse, Pet, ResponseBody } from '../types.ts';

/** Where the deprecation notice is served (RFC 9745 §3 `Link rel="deprecation"`). */
export const DEPRECATION_NOTICE_PATH = '/__docs/deprecations/get-pet-by-id';

export interface Deprecation {
  /** Milliseconds since the epoch. */
  readonly deprecatedAt: number;
  /** Milliseconds since the epoch; never earlier than deprecatedAt (RFC 9745 §4). */
  readonly sunsetAt: number;
}

/** The pets' answers and the deprecation's headers, built once per mock and shared by its sessions. */
export interface PetCatalogue {
  readonly deprecation: Deprecation;
  readonly deprecationHeaders: Readonly<Record<string, string>> & { readonly sunset: string };
  /** The headers of a 200. */
  readonly ok: Readonly<Record<string, string>>;
  readonly bodies: ReadonlyMap<string, ResponseBody>;
}

export function petCatalogue(pets: readonly Pet[], deprecation: Deprecation, kit: ResponseKit): PetCatalogue {
  const link = `<${DEPRECATION_NOTICE_PATH}>; rel="deprecation"; type="text/html", <${DEPRECATION_NOTICE_PATH}>; rel="sunset"; type="text/html"`;
  const deprecationHeaders = {
    deprecation: `@${Math.floor(deprecation.deprecatedAt / 1000)}`,
    sunset: new Date(deprecation.sunsetAt).toUTCString(),
    link,
  };
  return {
    deprecation,
    deprecationHeaders,
    ok: { ...kit.jsonHeaders, ...deprecationHeaders },
    bodies: new Map<string, ResponseBody>(pets.map((pet) => [pet.id, petBody(pet)])),
  };
}

/**
 * The deprecated GET /pets/{petId}: it answers normally until its sunset (RFC 9745 §5) with `Deprecation`,
 * `Sunset` and `Link`, then 410 Gone, on the clock of the state it serves. Authentication applies as
 * everywhere; it runs before this route.
 */
export function petRoutes(catalogue: PetCatalogue, clock: Clock): Route[] {
  const { deprecation, deprecationHeaders, ok, bodies } = catalogue;

  async function getPetById(_request: unknown, { id: rawId }: Params<'/:id'>): Promise<MockResponse> {
    if (clock.now() >= deprecation.sunsetAt) {
      throw coreError(
        'ENDPOINT_SUNSET',
        `GET /pets/{petId} was retired on ${deprecationHeaders.sunset}; see ${DEPRECATION_NOTICE_PATH}.`,
        deprecationHeaders,
      );
    }
    const id = parseId(rawId);
    const body = id === undefined ? undefined : bodies.get(id);
    if (!body) {
      throw coreError('PET_NOT_FOUND', `Pet ${truncate(rawId)} does not exist.`, deprecationHeaders);
    }
    return { status: 200, headers: ok, body };
  }

  return [route('/pets/:id', { GET: getPetById })];
}

/** Serves the human-readable notice that the `Link` header points at; no key needed, like any docs page. */
export function deprecationNotice(deprecation: Deprecation, kit: ResponseKit): MockExtension {
  const response: MockResponse = {
    status: 200,
    headers: { ...kit.cors, 'content-type': 'text/html; charset=utf-8' },
    body: {
      text: `<!doctype html><html lang="en"><meta charset="utf-8"><title>GET /pets/{petId} is deprecated</title>
<h1>GET /pets/{petId} is deprecated</h1>
<p>Deprecated on ${new Date(deprecation.deprecatedAt).toUTCString()}.
It stops answering on ${new Date(deprecation.sunsetAt).toUTCString()}; after that it answers 410 Gone.</p>
</html>\n`,
    },
  };
  return {
    name: 'deprecation-notice',
    pathPrefix: DEPRECATION_NOTICE_PATH,
    routes: [{ method: 'GET', path: DEPRECATION_NOTICE_PATH }],
    async handle(request) {
      return request.path === DEPRECATION_NOTICE_PATH && request.method === 'GET' ? response : undefined;
    },
  };
}

function petBody(pet: Pet): ResponseBody {
  const tag = pet.tag === undefined ? '' : `,"tag":${JSON.stringify(pet.tag)}`;
  return { text: `{"id":${pet.id},"name":${JSON.stringify(pet.name)}${tag}}` };
}
