import { JSON_CONTENT_TYPE } from '../core/responses.ts';
import type { MockRequest, MockResponse } from '../core/types.ts';
import { domainError } from './errors.ts';

/** Small HTTP helpers for the dashboard routes: JSON in and out, and a path router with 405 + Allow. */

export function json(status: number, body: unknown, headers: Record<string, string> = {}): MockResponse {
  return {
    status,
    headers: { 'content-type': JSON_CONTENT_TYPE, ...headers },
    body: { text: JSON.stringify(body) },
  };
}

export function noContent(): MockResponse {
  return { status: 204, headers: {} };
}

/** The request's JSON object body, or a 400 that says what was expected. */
export function readBody(request: MockRequest, example: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(request.body ?? '');
    if (typeof value === 'object' && value !== null && !Array.isArray(value))
      return value as Record<string, unknown>;
  } catch {
    // fall through to the one refusal below
  }
  throw domainError('INVALID_REQUEST', `The body must be a JSON object such as ${example}.`);
}

export function stringField(body: Record<string, unknown>, field: string, example: string): string {
  const value = body[field];
  if (typeof value !== 'string')
    throw domainError('INVALID_REQUEST', `"${field}" must be a string such as ${example}.`);
  return value;
}

export type Params = Readonly<Record<string, string>>;
export type Router = ReturnType<typeof createRouter>;
export type RouteHandler = (request: MockRequest, params: Params) => Promise<MockResponse>;

interface Route {
  readonly method: string;
  readonly segments: readonly string[];
  readonly handler: RouteHandler;
}

/**
 * Routes a path (below a prefix) by method and `:param` segments. A path that matches with another method
 * answers 405 with `Allow`; a path that matches nothing answers 404.
 */
export function createRouter(prefix: string, table: ReadonlyArray<readonly [string, string, RouteHandler]>) {
  const routes: Route[] = table.map(([method, pattern, handler]) => ({
    method,
    segments: pattern.split('/'),
    handler,
  }));
  const dispatch = async (request: MockRequest): Promise<MockResponse> => {
    const segments = request.path.slice(prefix.length).split('/');
    const allowed: string[] = [];
    for (const route of routes) {
      const params = match(route.segments, segments);
      if (params === undefined) continue;
      // HEAD is GET without the body (the adapters drop it).
      const method = request.method === 'HEAD' ? 'GET' : request.method;
      if (route.method === method) return route.handler(request, params);
      allowed.push(route.method);
    }
    if (allowed.length > 0) {
      throw domainError(
        'METHOD_NOT_ALLOWED',
        `${request.method} is not allowed on ${request.path}; use ${allowed.join(', ')}.`,
        {
          allow: allowed.join(', '),
        },
      );
    }
    throw domainError(
      'ROUTE_NOT_FOUND',
      `There is no dashboard route ${request.path}; see spec/dashboard.openapi.yaml.`,
    );
  };
  // The table as `[method, full path pattern]`, for the test that holds it to the spec.
  return Object.assign(dispatch, {
    routes: table.map(([method, pattern]) => [method, `${prefix}${pattern}`] as const),
  });
}

function match(pattern: readonly string[], path: readonly string[]): Record<string, string> | undefined {
  if (pattern.length !== path.length) return undefined;
  const params: Record<string, string> = {};
  for (const [i, part] of pattern.entries()) {
    const actual = path[i] ?? '';
    if (part.startsWith(':')) {
      if (actual === '') return undefined;
      params[part.slice(1)] = decodeSegment(actual);
    } else if (part !== actual) return undefined;
  }
  return params;
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw domainError('INVALID_REQUEST', `"${segment}" is not a valid percent-encoded path segment.`);
  }
}
