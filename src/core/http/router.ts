import type { ServedRoute } from '../extension.ts';
import type { MockRequest, MockResponse } from '../types.ts';
import { coreError } from './errors.ts';
import { truncate } from './text.ts';

/** The names of a path's `:param` segments, read from the literal (as Hono's `ParamKeys` does). */
export type ParamKeys<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamKeys<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;

/** A route's parameters, percent-decoded; a parameter never matches an empty segment. */
export type Params<Path extends string> = { readonly [Name in ParamKeys<Path>]: string };

/**
 * What a route does. `context` is what the router's `dispatch` was given: the state a router built once
 * answers for (the admin API's, shared by every session), undefined for a router built per state.
 */
export type Action<Path extends string = string, Context = unknown> = (
  request: MockRequest,
  params: Params<Path>,
  context: Context,
) => MockResponse | Promise<MockResponse>;

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A path such as `/store/orders/:id` and the action of each method it answers. */
export interface Route<Context = unknown> {
  readonly path: string;
  readonly methods: Readonly<Partial<Record<Method, Action<never, Context>>>>;
}

/** A route whose actions' parameters are typed from `path`. */
export function route<const Path extends string>(
  path: Path,
  methods: Readonly<Partial<Record<Method, NoInfer<Action<Path>>>>>,
): Route {
  return { path, methods: methods as Route['methods'] };
}

/** `route` for a router whose actions take a context: `const adminRoute = routeWith<AdminState>()`. */
export function routeWith<Context>() {
  return <const Path extends string>(
    path: Path,
    methods: Readonly<Partial<Record<Method, NoInfer<Action<Path, Context>>>>>,
  ): Route<Context> => ({ path, methods: methods as Route<Context>['methods'] });
}

interface CompiledRoute<Context = unknown> {
  readonly route: Route<Context>;
  /**
   * The whole path up to its first `:param` segment, mount included (`/v1/store/orders/`); a static route's
   * whole path. A request's path is matched from where this ends, so it is never sliced below the mount.
   */
  readonly prefix: string;
  /** The segments after the prefix (`:id`), and the parameter's name at each, sliced once, not per request. */
  readonly segments: readonly string[];
  readonly names: readonly (string | undefined)[];
  readonly allow: string;
}

/** Shared by every route without parameters: the hot ones (the order list) allocate none. */
const NO_PARAMS = Object.freeze({});

export interface RouterOptions {
  /** Where the plane's routes are documented, for the 404's message. */
  readonly spec?: string;
  /**
   * The prefix the plane is mounted at (`/v1`, `/__mock`), which the request's path starts with. A static
   * path is looked up whole, as it came, never as a slice below the mount: V8 makes a slice of 13 characters
   * or more point into its parent, and hashing and comparing such a slice take its slow paths
   * (docs/performance.md, "Round 10").
   */
  readonly mount?: string;
}

/**
 * Matches a path to its route and a method to its action, on every plane (the Store API, /__mock, the
 * dashboard API). The static paths are compared first; a known path with another method is a
 * 405 with `Allow` (RFC 9110 §15.5.6); HEAD is answered as GET (RFC 9110 §9.3.2; the adapters drop the
 * body); an unknown path is a 404 `NOT_FOUND`.
 */
export class Router<Context = undefined> {
  readonly #routes: readonly CompiledRoute<Context>[];
  /**
   * The static routes, in their order (a path listed twice answers with its first route). A lookup compares
   * strings, which differ in length at once, where a Map would hash the request's path first: a new string
   * each request, 300 instructions to hash (docs/performance.md, "Round 11").
   */
  readonly #static: readonly CompiledRoute<Context>[];
  readonly #spec: string | undefined;
  readonly #mount: string;

  constructor(routes: readonly Route<Context>[], options: RouterOptions = {}) {
    this.#spec = options.spec;
    this.#mount = options.mount ?? '';
    this.#routes = routes.map((route) => {
      const methods: string[] = Object.keys(route.methods);
      if (methods.includes('GET')) methods.splice(methods.indexOf('GET') + 1, 0, 'HEAD');
      const { path } = route;
      // Where the first parameter's segment begins: 0 when there is none.
      const cut = path.indexOf('/:') + 1;
      const segments = cut === 0 ? [] : path.slice(cut).split('/');
      const names = segments.map((segment) => (segment.startsWith(':') ? segment.slice(1) : undefined));
      const prefix = `${this.#mount}${path.slice(0, cut || path.length)}`;
      return { route, prefix, segments, names, allow: [...methods, 'OPTIONS'].join(', ') };
    });
    this.#static = this.#routes.filter(({ segments }) => segments.length === 0);
  }

  /** The operations served, `{ method, path }` with OpenAPI-style templates, for the tests against the specs. */
  operations(prefix = ''): { readonly method: string; readonly path: string }[] {
    return this.#routes.flatMap(({ route }) =>
      Object.keys(route.methods).map((method) => ({
        method,
        path: `${prefix}${route.path.replace(/:(\w+)/g, '{$1}')}`,
      })),
    );
  }

  /** The routes as `{ method, path }`, whole paths (the mount included) with `:param` segments, for MSW. */
  served(): ServedRoute[] {
    return this.#routes.flatMap(({ route }) =>
      Object.keys(route.methods).map((method) => ({ method, path: `${this.#mount}${route.path}` })),
    );
  }

  /**
   * Answers `request`, whose path starts with the router's mount, for `context` (the state a shared router
   * answers for). The action's answer: a response at once where it has one (the cached order list), else a
   * promise.
   */
  dispatch(request: MockRequest, context?: Context): MockResponse | Promise<MockResponse> {
    const { path } = request;
    // A static path wins over a parameter that would match it too.
    const known = this.#static.find((compiled) => compiled.prefix === path);
    if (known) return run(known, request, NO_PARAMS, context);
    for (const compiled of this.#routes) {
      // Every static route was compared above.
      const params = compiled.segments.length === 0 ? undefined : match(compiled, path);
      if (params !== undefined) return run(compiled, request, params, context);
    }
    const where = this.#spec === undefined ? '' : `; see ${this.#spec}`;
    throw coreError('NOT_FOUND', `No resource at ${truncate(request.path)}${where}.`);
  }
}

function run<Context>(
  compiled: CompiledRoute<Context>,
  request: MockRequest,
  params: object,
  context: Context | undefined,
): MockResponse | Promise<MockResponse> {
  const method = request.method === 'HEAD' ? 'GET' : request.method;
  const action = compiled.route.methods[method as Method] as Action<string, unknown> | undefined;
  if (!action) {
    throw coreError(
      'METHOD_NOT_ALLOWED',
      `${truncate(request.method)} is not allowed on ${truncate(request.path)}; use ${compiled.allow}.`,
      { allow: compiled.allow },
    );
  }
  return action(request, params as Params<string>, context);
}

/**
 * The parameters when `path` matches the route's prefix and then its segments, else undefined. It walks the
 * string rather than splitting it, so a match costs the parameters' object and strings, and a miss nothing.
 */
function match(
  { prefix, segments: pattern, names }: Pick<CompiledRoute, 'prefix' | 'segments' | 'names'>,
  path: string,
): Record<string, string> | undefined {
  if (!path.startsWith(prefix)) return undefined;
  let params: Record<string, string> | undefined;
  let start = prefix.length;
  for (let i = 0; i < pattern.length; i++) {
    const slash = path.indexOf('/', start);
    const last = i === pattern.length - 1;
    if (last !== (slash === -1)) return undefined;
    const end = last ? path.length : slash;
    const name = names[i];
    const expected = pattern[i] as string;
    if (name !== undefined) {
      if (end === start) return undefined;
      params ??= {};
      params[name] = decodeSegment(path.slice(start, end));
    } else if (end - start !== expected.length || !path.startsWith(expected, start)) {
      return undefined;
    }
    start = end + 1;
  }
  return params ?? NO_PARAMS;
}

/** Percent-decodes a segment; one that is not valid percent-encoding stays as sent (it then names nothing). */
function decodeSegment(segment: string): string {
  if (!segment.includes('%')) return segment;
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
