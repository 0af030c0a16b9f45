import { ApiError } from './errors.ts';
import type { MockRequest, MockResponse } from './types.ts';

export type Action = (request: MockRequest, param: string) => Promise<MockResponse>;

/** A path such as `/store/orders/:id` (at most one parameter, which never matches an empty segment). */
export interface Route {
  readonly path: string;
  readonly methods: Readonly<Partial<Record<string, Action>>>;
}

interface CompiledRoute extends Route {
  readonly segments: readonly string[];
  readonly allow: string;
}

/**
 * Matches a path to its route and a method to its action. A known path with another method is a 405 with
 * `Allow` (RFC 9110 §15.5.6); HEAD is answered as GET (RFC 9110 §9.3.2); an unknown path is a 404.
 */
export class Router {
  readonly #routes: readonly CompiledRoute[];
  /** Routes without a parameter, by path: the hot ones (the order list) skip segment matching. */
  readonly #static = new Map<string, CompiledRoute>();

  constructor(routes: readonly Route[]) {
    this.#routes = routes.map((route) => {
      const methods = Object.keys(route.methods);
      if (methods.includes('GET')) methods.push('HEAD');
      return { ...route, segments: route.path.split('/'), allow: [...methods, 'OPTIONS'].join(', ') };
    });
    // A static path wins over a parameter that would match it too (the first such route, if listed twice).
    for (const route of this.#routes) {
      if (!route.path.includes('/:') && !this.#static.has(route.path)) this.#static.set(route.path, route);
    }
  }

  /** The route table, for the drift test against spec/openapi.yaml. */
  get routes(): readonly Route[] {
    return this.#routes;
  }

  dispatch(request: MockRequest, path: string): Promise<MockResponse> {
    const known = this.#static.get(path);
    if (known) return run(known, request, '');
    const segments = path.split('/');
    for (const route of this.#routes) {
      const param = matchSegments(route.segments, segments);
      if (param !== undefined) return run(route, request, param);
    }
    throw new ApiError(404, 'NOT_FOUND', `No resource at ${truncate(path)}.`);
  }
}

function run(route: CompiledRoute, request: MockRequest, param: string): Promise<MockResponse> {
  const method = request.method === 'HEAD' ? 'GET' : request.method;
  const action = route.methods[method];
  if (!action) {
    throw new ApiError(
      405,
      'METHOD_NOT_ALLOWED',
      `${request.method} is not supported on this path; use ${route.allow}.`,
      { allow: route.allow },
    );
  }
  return action(request, param);
}

/** Returns the parameter ('' when the route has none) or undefined when the path does not match. */
function matchSegments(pattern: readonly string[], actual: readonly string[]): string | undefined {
  if (pattern.length !== actual.length) return undefined;
  let param = '';
  for (let i = 0; i < pattern.length; i++) {
    const expected = pattern[i] as string;
    const segment = actual[i] as string;
    if (expected.startsWith(':')) {
      if (segment === '') return undefined;
      param = segment;
    } else if (expected !== segment) {
      return undefined;
    }
  }
  return param;
}

/** Keeps messages readable when a client sends a 20 KB path. */
export function truncate(text: string, max = 64): string {
  return text.length <= max ? text : `${text.slice(0, max)}…`;
}
