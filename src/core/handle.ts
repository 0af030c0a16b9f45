import { checkCredential } from './auth.ts';
import { type ControlPlanes, isControlPlane } from './control-planes.ts';
import { ApiError, coreError } from './errors.ts';
import type { MockExtension } from './extension.ts';
import { answerInstead, shape } from './faults.ts';
import type { RequestJournal } from './journal.ts';
import type { PreferredAnswers } from './prefer.ts';
import type { ResponseKit } from './responses.ts';
import type { Router } from './router.ts';
import type { StoreCors } from './store-cors.ts';
import type { TrafficControls } from './traffic.ts';
import type { Clock, MockRequest, MockResponse } from './types.ts';

export interface HandlerParts {
  readonly basePath: string;
  readonly apiKeys: readonly string[];
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

/**
 * Builds `handle(request) → response`: preflight → extensions → authentication → route → respond.
 * It is the one error boundary: an ApiError becomes the spec's Error body; anything else becomes a 500
 * Error body, is reported once to `onUnexpectedError`, and never escapes.
 */
export function createHandle(parts: HandlerParts): (request: MockRequest) => Promise<MockResponse> {
  const { basePath, apiKeys, router, extensions, kit, controlPlanes, journal, clock, storeCors, traffic } =
    parts;
  const realm = 'Bearer realm="petstore"';
  const unauthorized = {
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
  };

  const apiPrefix = `${basePath}/`;

  // One async function per request (no inner ones): each extra await is a promise and a microtask,
  // and on the bench they added up to a measurable share of a 401 (docs/performance.md).
  return async function handle(request) {
    let response: MockResponse;
    const storePlane = !request.path.startsWith('/__');
    const shaping = traffic.active && storePlane ? traffic.decide(request) : undefined;
    try {
      response = (shaping && answerInstead(shaping, kit)) ?? (await dispatch(request));
    } catch (error) {
      const errorKit = isControlPlane(request.path) ? controlPlanes.kit : kit;
      if (error instanceof ApiError) {
        response = errorKit.error(error);
      } else {
        parts.onUnexpectedError(error, request);
        response = errorKit.error(coreError('INTERNAL_ERROR', 'The mock failed unexpectedly; see its log.'));
      }
    }
    const origin = request.headers.origin;
    if (origin !== undefined && storeCors !== undefined && storePlane) {
      response =
        request.method === 'OPTIONS'
          ? (storeCors.preflight(request, origin) ?? response)
          : storeCors.apply(origin, response);
    }
    if (shaping) response = shape(response, shaping);
    // The journal is for the API under test; reading it should not fill it.
    if (storePlane) journal.record(request, response.status, clock.now());
    else if (isControlPlane(request.path)) response = controlPlanes.finish(request, response);
    return response;
  };

  /** Returns the answer, or a promise of it when an extension or a route has to run. */
  function dispatch(request: MockRequest): MockResponse | Promise<MockResponse> {
    // Browsers send preflights without credentials, so they are answered before authentication.
    // The control planes approve no preflight unless configured (ControlPlanes).
    if (request.method === 'OPTIONS') {
      return isControlPlane(request.path) ? controlPlanes.preflight(request) : kit.preflight;
    }
    // A loop, not findIndex with an arrow: no closure allocated per request.
    for (let index = 0; index < extensions.length; index++) {
      const extension = extensions[index] as MockExtension;
      if (!applies(extension, request)) continue;
      const pending = extension.handle(request);
      // An extension that passes the request on without a promise costs no await.
      if (pending !== undefined) return viaExtensions(request, pending, index);
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

  function route(request: MockRequest): MockResponse | Promise<MockResponse> {
    // Authentication comes before every other answer: no key and an unknown order is a 401, not a 404.
    const credential = checkCredential(request.headers.authorization, apiKeys);
    if (credential !== 'valid') return unauthorized[credential];
    if (!request.path.startsWith(apiPrefix)) {
      throw coreError('NOT_FOUND', `The API lives under ${basePath}/, for example ${basePath}/store/orders.`);
    }
    const path = request.path.slice(basePath.length);
    const prefer = request.headers.prefer;
    const preferred = prefer === undefined ? undefined : parts.preferred.answer(request, path, prefer);
    return preferred ?? router.dispatch(request, path);
  }
}

function applies(extension: MockExtension, request: MockRequest): boolean {
  return extension.pathPrefix === undefined || request.path.startsWith(extension.pathPrefix);
}
