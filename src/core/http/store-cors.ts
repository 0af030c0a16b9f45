import type { MockRequest, MockResponse } from '../types.ts';

/**
 * CORS for the Store API, as Prism does it: a request with an `Origin` the mock allows gets that origin back
 * with `Access-Control-Allow-Credentials: true` (a server cannot tell a credentialed request, and `*` is
 * never valid with credentials), and a preflight gets the headers it asked for. The control planes have
 * rules of their own (src/core/handle.ts); nothing here applies to them.
 */
export interface StoreCorsOptions {
  /** `*` (every origin, the default) or the origins allowed (`--cors-origin`, repeatable). */
  readonly origins: '*' | readonly string[];
}

const METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS';
const DEFAULT_REQUEST_HEADERS = 'Authorization, Content-Type, X-Mock-Session';
/** An HTTP field name (RFC 9110 §5.1); anything else in Access-Control-Request-Headers is dropped. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** Reflected answers kept per shared response: one per origin a developer uses, not one per request. */
const ORIGINS_CACHED = 16;

export class StoreCors {
  readonly #allowed: ReadonlySet<string> | undefined;
  readonly #reflected = new WeakMap<MockResponse, Map<string, MockResponse>>();

  constructor(options: StoreCorsOptions) {
    this.#allowed = options.origins === '*' ? undefined : new Set(options.origins);
  }

  allows(origin: string): boolean {
    return this.#allowed === undefined || this.#allowed.has(origin);
  }

  /**
   * The answer with the request's origin reflected when it is allowed. The same answer object (the order
   * list, the 401s) reflected for the same origin is the same object, so adapters keep their caches.
   */
  apply(origin: string, response: MockResponse): MockResponse {
    if (!this.allows(origin)) return response;
    let byOrigin = this.#reflected.get(response);
    const cached = byOrigin?.get(origin);
    if (cached) return cached;
    const reflected = { ...response, headers: { ...response.headers, ...credentialed(origin) } };
    if (!byOrigin) {
      byOrigin = new Map();
      this.#reflected.set(response, byOrigin);
    }
    if (byOrigin.size < ORIGINS_CACHED) byOrigin.set(origin, reflected);
    return reflected;
  }

  /** A preflight's answer: the origin and the requested headers reflected, or undefined when not allowed. */
  preflight(request: MockRequest, origin: string): MockResponse | undefined {
    if (!this.allows(origin)) return undefined;
    return {
      status: 204,
      headers: {
        ...credentialed(origin),
        vary: 'Origin, Access-Control-Request-Headers',
        'access-control-allow-methods': METHODS,
        'access-control-allow-headers': requestedHeaders(request.headers['access-control-request-headers']),
        'access-control-max-age': '600',
      },
    };
  }
}

function credentialed(origin: string): Record<string, string> {
  return {
    'access-control-allow-origin': origin,
    'access-control-allow-credentials': 'true',
    vary: 'Origin',
  };
}

/** The names the browser asked for, by name (a `*` would not cover Authorization, nor credentials). */
function requestedHeaders(requested: string | undefined): string {
  if (requested === undefined) return DEFAULT_REQUEST_HEADERS;
  const names = requested
    .split(',', 64)
    .map((name) => name.trim())
    .filter((name) => TOKEN.test(name) && name.length <= 128 && name !== '*');
  return names.length === 0 ? DEFAULT_REQUEST_HEADERS : names.join(', ');
}
