import type { Answer } from '../core/handle.ts';
import { coreError } from '../core/http/errors.ts';
import { jsonResponse } from '../core/http/responses.ts';
import type { MockRequest, MockResponse } from '../core/types.ts';

/** Where health checks ask: a container's HEALTHCHECK, a compose `service_healthy`, a Kubernetes probe. */
export const HEALTH_PATH = '/__health';

export interface HealthOptions {
  /** The version in the answer (the package's, which the Node server fills in). */
  readonly version?: string;
  /**
   * Why the mock cannot serve yet or now (its seed still loading, its shared store unreachable), or
   * undefined when it can. Asked on every health request; an answer that takes longer than the checker
   * waits counts as not ready there.
   */
  readonly unready?: () => string | undefined | Promise<string | undefined>;
  /**
   * The mock is still starting (its seed loading): every request but the health check is answered
   * `503 NOT_READY` with `Retry-After: 1`, and the health check says why.
   */
  readonly starting?: string;
}

/** What health checks and the rest of the mock need of it: its answers. */
interface Answering {
  respond(request: MockRequest): Answer;
  handle(request: MockRequest): Promise<MockResponse>;
  reject(error: ReturnType<typeof coreError>, path?: string): MockResponse;
}

const NO_STORE = { 'cache-control': 'no-store' } as const;
const ALLOW = { allow: 'GET, HEAD', ...NO_STORE } as const;

/**
 * Puts the health check in front of everything the mock does: it needs no key, is never delayed by latency
 * or faults, is not journaled, and is there whatever is switched off (admin API, domains, CORS), because
 * the mock's own handling never sees it. `{"status":"ok","ready":true,"version":…}` (200) when the mock can
 * serve; `ready: false` with the reason (503) while it cannot. `status` says the process is alive.
 */
export function answeringHealth<Mock extends Answering>(mock: Mock, options: HealthOptions = {}): Mock {
  const version = options.version ?? 'unknown';
  const starting = options.starting;
  const notReady = starting
    ? coreError('NOT_READY', `The mock is starting (${starting}); try again in a moment.`, {
        'retry-after': '1',
      })
    : undefined;

  const health = (request: MockRequest): Answer => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return mock.reject(
        coreError('METHOD_NOT_ALLOWED', `${HEALTH_PATH} answers GET and HEAD only.`, ALLOW),
        request.path,
      );
    }
    const why = starting ?? options.unready?.();
    return why instanceof Promise
      ? why.then(answer, () => answer('its readiness check failed'))
      : answer(why);
  };
  const answer = (why: string | undefined): MockResponse =>
    why === undefined
      ? jsonResponse(200, { status: 'ok', ready: true, version }, NO_STORE)
      : jsonResponse(503, { status: 'ok', ready: false, reason: why, version }, NO_STORE);

  const respond = (request: MockRequest): Answer => {
    if (request.path === HEALTH_PATH) return health(request);
    if (notReady) return mock.reject(notReady, request.path);
    return mock.respond(request);
  };
  // While starting, nothing is forwarded either: every request but the health check gets the 503.
  const startingAnswers = notReady ? { forwarding: () => undefined } : {};
  return { ...mock, respond, handle: async (request: MockRequest) => respond(request), ...startingAnswers };
}
