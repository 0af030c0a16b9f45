import type { MockRequest, MockResponse } from '../types.ts';
import { ResponseKit } from './responses.ts';

/** Where the admin API lives (spec/mock-admin.openapi.yaml). */
export const ADMIN_PREFIX = '/__mock';

/** The mock's control planes: the admin API (`/__mock`) and the dashboard (`/__dashboard`, its API and page). */
const PREFIXES = [ADMIN_PREFIX, '/__dashboard'] as const;

/** Whether `path` belongs to a control plane (`/__mock`, `/__mock/…`, `/__dashboard…`), not `/__mockery`. */
export function isControlPlane(path: string): boolean {
  for (const prefix of PREFIXES) {
    if (path.startsWith(prefix) && (path.length === prefix.length || path[prefix.length] === '/'))
      return true;
  }
  return false;
}

/**
 * The control planes are for the local developer only (docs/decisions.md, "Control planes"): their answers
 * carry no CORS headers, so no other web page can read them, unless origins are configured
 * (`--admin-cors-origin`); a request from one of those gets its origin reflected, with `Vary: Origin`.
 * The Store API keeps its own CORS (`ResponseKit`); nothing here runs for it.
 */
export class ControlPlanes {
  /** Answers without CORS headers, for the admin API's routes and the control planes' errors. */
  readonly kit = new ResponseKit(false);
  readonly #origins: ReadonlySet<string>;
  readonly #refused: MockResponse = { status: 204, headers: { vary: 'Origin' } };

  constructor(origins: readonly string[] = []) {
    this.#origins = new Set(origins);
  }

  /** The configured origins (`--admin-cors-origin`). */
  allows(origin: string | undefined): boolean {
    return origin !== undefined && this.#origins.has(origin);
  }

  /** A preflight: approved only for a configured origin; otherwise a 204 a browser reads as a refusal. */
  preflight(request: MockRequest): MockResponse {
    const { origin } = request.headers;
    if (!this.allows(origin)) return this.#refused;
    return {
      status: 204,
      headers: {
        ...this.#corsFor(origin as string),
        'access-control-allow-methods': 'GET, HEAD, POST, PUT, PATCH, DELETE',
        'access-control-allow-headers': 'Content-Type',
        'access-control-max-age': '600',
      },
    };
  }

  /** The answer, with CORS headers when the request comes from a configured origin. */
  finish(request: MockRequest, response: MockResponse): MockResponse {
    const { origin } = request.headers;
    if (this.#origins.size === 0) return response;
    if (!this.allows(origin)) return { ...response, headers: { ...response.headers, vary: 'Origin' } };
    return { ...response, headers: { ...response.headers, ...this.#corsFor(origin as string) } };
  }

  #corsFor(origin: string): Record<string, string> {
    return {
      'access-control-allow-origin': origin,
      'access-control-expose-headers': 'Allow, Location',
      vary: 'Origin',
    };
  }
}
