import { answerInstead, shape } from './controls/faults.ts';
import type { RequestJournal } from './controls/journal.ts';
import type { Shaping, TrafficControls } from './controls/traffic.ts';
import type { MockExtension } from './extension.ts';
import type { AccessTokens } from './http/access-tokens.ts';
import { bearerToken, checkCredential } from './http/auth.ts';
import { nonJsonWrite } from './http/body.ts';
import { type ControlPlanes, isControlPlane } from './http/control-planes.ts';
import { ApiError, coreError } from './http/errors.ts';
import type { PreferredAnswers } from './http/prefer.ts';
import type { ResponseKit } from './http/responses.ts';
import type { Router } from './http/router.ts';
import type { StoreCors } from './http/store-cors.ts';
import type { Clock, MockRequest, MockResponse } from './types.ts';

export interface HandlerParts {
  readonly basePath: string;
  readonly apiKeys: readonly string[];
  /** Tokens issued by `POST /oauth/token`, accepted beside the keys; undefined without OAuth clients. */
  readonly accessTokens?: AccessTokens | undefined;
  readonly router: Router;
  readonly extensions: readonly MockExtension[];
  readonly kit: ResponseKit;
  readonly controlPlanes: ControlPlanes;
  readonly journal: RequestJournal;
  readonly clock: Clock;
  /** `Prefer: code=` and `Prefer: example=` answers, from the spec's documented statuses and examples. */
  readonly preferred: PreferredAnswers;
  /** Latency and fault rules for the Store API (one flag check when there are none). */
  readonly traffic: TrafficControls;
  /** The Store API's CORS (reflected origins); undefined with `--no-cors`. */
  readonly storeCors?: StoreCors | undefined;
  readonly onUnexpectedError: (error: unknown, request: MockRequest) => void;
}

/** The answer, or a promise of it when an extension or a route had to wait. */
export type Answer = MockResponse | Promise<MockResponse>;

export interface Handle {
  respond(request: MockRequest): Answer;
  /**
   * The answer to an error thrown while answering `request`: an ApiError's Error body, or a 500 Error body
   * with the error reported once to `onUnexpectedError` (no CORS headers on a control plane).
   */
  failure(request: MockRequest, error: unknown): MockResponse;
}

/**
 * Builds `respond(request) → answer`: preflight → extensions → authentication → route → respond. The answer
 * is synchronous when nothing had to wait (a 401, a list, a 404): no promise and no microtask per request, the
 * largest cost left beside the bare server's on the bench (docs/performance.md). Its `failure` is the one
 * place an error becomes an answer (the composition root's outer boundary uses it too): an ApiError becomes
 * the spec's Error body; anything else becomes a 500 Error body, is reported once to `onUnexpectedError`,
 * and never escapes; a returned promise never rejects.
 */
export function createHandle(parts: HandlerParts): Handle {
  const { basePath, apiKeys, accessTokens, router, extensions, kit, controlPlanes, journal, clock } = parts;
  const { storeCors, traffic } = parts;
  const unauthorized = unauthorizedAnswers(kit);

  const apiPrefix = `${basePath}/`;

  function respond(request: MockRequest): Answer {
    const shaping = traffic.active && !request.path.startsWith('/__') ? traffic.decide(request) : undefined;
    let answer: Answer;
    try {
      answer = (shaping && answerInstead(shaping, kit)) ?? dispatch(request);
    } catch (error) {
      return finish(request, failure(request, error), shaping);
    }
    if (answer instanceof Promise) {
      return answer.then(
        (response) => finish(request, response, shaping),
        (error: unknown) => finish(request, failure(request, error), shaping),
      );
    }
    return finish(request, answer, shaping);
  }

  function failure(request: MockRequest, error: unknown): MockResponse {
    const errorKit = isControlPlane(request.path) ? controlPlanes.kit : kit;
    if (error instanceof ApiError) return errorKit.error(error);
    parts.onUnexpectedError(error, request);
    return errorKit.error(coreError('INTERNAL_ERROR', 'The mock failed unexpectedly; see its log.'));
  }

  /** CORS, traffic shaping, then the journal (Store API) or the control planes' headers. */
  function finish(request: MockRequest, answer: MockResponse, shaping: Shaping | undefined): MockResponse {
    let response = answer;
    const storePlane = !request.path.startsWith('/__');
    const origin = request.headers.origin;
    if (origin !== undefined && storeCors !== undefined && storePlane) {
      response =
        request.method === 'OPTIONS'
          ? (storeCors.preflight(request, origin) ?? response)
          : storeCors.apply(origin, response);
    }
    if (shaping) response = shape(response, shaping);
    // The journal is for the API under test; reading it should not fill it.
    if (storePlane) journal.record(request, response, clock.now());
    else if (isControlPlane(request.path)) response = controlPlanes.finish(request, response);
    return response;
  }

  /** Returns the answer, or a promise of it when an extension or a route has to run. */
  function dispatch(request: MockRequest): Answer {
    // Browsers send preflights without credentials, so they are answered before authentication.
    // The control planes approve no preflight unless configured (ControlPlanes).
    if (request.method === 'OPTIONS') {
      return isControlPlane(request.path) ? controlPlanes.preflight(request) : kit.preflight;
    }
    // The control planes take JSON bodies only, whatever route (or none) would read them.
    if (request.body && isControlPlane(request.path)) {
      const refused = nonJsonWrite(request.method, request.headers['content-type'], true);
      if (refused) throw refused;
    }
    // A loop, not findIndex with an arrow: no closure allocated per request.
    for (let index = 0; index < extensions.length; index++) {
      const extension = extensions[index] as MockExtension;
      if (!applies(extension, request)) continue;
      const pending = extension.handle(request);
      // An extension that passes the request on, or answers, without a promise costs no await.
      if (pending instanceof Promise) return viaExtensions(request, pending, index);
      if (pending !== undefined) return withPlaneCors(request, pending);
    }
    return route(request);
  }

  /** The Store API's CORS on an extension's answer; the control planes add their own (none unless configured). */
  function withPlaneCors(request: MockRequest, answer: MockResponse): MockResponse {
    return isControlPlane(request.path) ? answer : kit.withCors(answer);
  }

  async function viaExtensions(
    request: MockRequest,
    pending: Promise<MockResponse | undefined>,
    index: number,
  ): Promise<MockResponse> {
    const answer = await pending;
    if (answer) return withPlaneCors(request, answer);
    for (let i = index + 1; i < extensions.length; i++) {
      const extension = extensions[i] as MockExtension;
      if (!applies(extension, request)) continue;
      const next = await extension.handle(request);
      if (next) return withPlaneCors(request, next);
    }
    // `return await`, not `return`: awaiting attaches a handler at once, so a route's rejection (a 404)
    // is not first reported to Node as unhandled and then as handled (a measurable cost: docs/performance.md).
    return await route(request);
  }

  function route(request: MockRequest): Answer {
    // Authentication comes before every other answer: no key and an unknown order is a 401, not a 404.
    const header = request.headers.authorization;
    const credential = checkCredential(header, apiKeys);
    if (credential === 'valid') return authorized(request);
    if (credential === 'missing' || accessTokens === undefined) return unauthorized[credential];
    // Not a key: perhaps a token the state issued (a shared store answers later).
    const verdict = accessTokens.verify(bearerToken(header) as string);
    if (verdict instanceof Promise) {
      return verdict.then((found) => (found === 'valid' ? authorized(request) : unauthorized[found]));
    }
    return verdict === 'valid' ? authorized(request) : unauthorized[verdict];
  }

  function authorized(request: MockRequest): Answer {
    if (!request.path.startsWith(apiPrefix)) {
      throw coreError('NOT_FOUND', `The API lives under ${basePath}/, for example ${basePath}/store/orders.`);
    }
    const prefer = request.headers.prefer;
    const preferred =
      prefer === undefined
        ? undefined
        : parts.preferred.answer(request, request.path.slice(basePath.length), prefer);
    return preferred ?? router.dispatch(request);
  }

  return { respond, failure };
}

/** The 401s by the credential's fault, by kit: built once per mock, not once per session. */
const unauthorizedByKit = new WeakMap<ResponseKit, Record<'missing' | 'invalid' | 'expired', MockResponse>>();

function unauthorizedAnswers(kit: ResponseKit) {
  let answers = unauthorizedByKit.get(kit);
  if (answers === undefined) {
    const realm = 'Bearer realm="petstore"';
    answers = {
      missing: kit.error(
        coreError('UNAUTHORIZED', 'An API key is required: send "Authorization: Bearer <API_KEY>".', {
          'www-authenticate': realm,
        }),
      ),
      invalid: kit.error(
        coreError('UNAUTHORIZED', 'The API key is not valid.', {
          'www-authenticate': `${realm}, error="invalid_token", error_description="The API key is not valid"`,
        }),
      ),
      expired: kit.error(
        coreError('UNAUTHORIZED', 'The access token expired: get a new one from POST /oauth/token.', {
          'www-authenticate': `${realm}, error="invalid_token", error_description="The access token expired"`,
        }),
      ),
    };
    unauthorizedByKit.set(kit, answers);
  }
  return answers;
}

function applies(extension: MockExtension, request: MockRequest): boolean {
  return extension.pathPrefix === undefined || request.path.startsWith(extension.pathPrefix);
}
