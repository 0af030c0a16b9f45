import type { MockExtension } from '../extension.ts';
import { coreError } from '../http/errors.ts';
import type { ResponseKit } from '../http/responses.ts';
import { type Params, type Route, route, truncate } from '../http/router.ts';
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

/**
 * The deprecated GET /pets/{petId}: it answers normally until its sunset (RFC 9745 §5) with `Deprecation`,
 * `Sunset` and `Link`, then 410 Gone. Authentication applies as everywhere; it runs before this route.
 */
export function petRoutes(
  pets: readonly Pet[],
  deprecation: Deprecation,
  kit: ResponseKit,
  clock: Clock,
): Route[] {
  const link = `<${DEPRECATION_NOTICE_PATH}>; rel="deprecation"; type="text/html", <${DEPRECATION_NOTICE_PATH}>; rel="sunset"; type="text/html"`;
  const deprecationHeaders = {
    deprecation: `@${Math.floor(deprecation.deprecatedAt / 1000)}`,
    sunset: new Date(deprecation.sunsetAt).toUTCString(),
    link,
  };
  const ok = { ...kit.jsonHeaders, ...deprecationHeaders };
  const bodies = new Map<string, ResponseBody>(pets.map((pet) => [pet.id, petBody(pet)]));

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
