import { coreError } from '../http/errors.ts';
import { type OperationMatcher, operationMatcher, type SpecOperation } from '../http/operation-match.ts';
import { truncate } from '../http/text.ts';
import type { MockRequest } from '../types.ts';

export interface PassthroughOptions {
  /**
   * Where forwarded requests go, as shown to people: the upstream's URL (the Node server's `--passthrough`),
   * or `network` under MSW, where a forwarded request goes to its own URL.
   */
  readonly upstream: string;
  /** Documented operations (operationIds) sent upstream too, from the start and again after every reset. */
  readonly operations?: readonly string[];
}

/** What `GET /__mock/passthrough` answers. */
export interface PassthroughSettings {
  /** Where forwarded requests go; null when nothing is forwarded (no `--passthrough`). */
  readonly upstream: string | null;
  /** The documented operations sent upstream, besides every request the mock does not answer. */
  readonly operations: readonly string[];
  /** Every documented operation of the Store API, which `operations` may name. */
  readonly documented: readonly string[];
}

/**
 * The mock's own paths, never forwarded whatever the settings: its control planes, health, docs and pages
 * (all under `/__`, also when percent-encoded), and the token endpoint it serves.
 */
function isOwnPath(path: string): boolean {
  // `OPTIONS *` asks about the server itself, which is the mock.
  if (path.charCodeAt(0) !== 47 /* / */) return true;
  if (path.startsWith('/__') || /^\/(?:_|%5f){2}/i.test(path)) return true;
  return path === '/oauth/token' || path.startsWith('/oauth/token/');
}

/** The spec's operations compiled once for every state (the default one and each session's). */
const compiledOperations = new WeakMap<
  readonly SpecOperation[],
  { readonly matcher: OperationMatcher; readonly documented: readonly string[] }
>();

function compiled(operations: readonly SpecOperation[]) {
  let found = compiledOperations.get(operations);
  if (found === undefined) {
    found = {
      matcher: operationMatcher(operations),
      documented: operations.map((operation) => operation.operationId),
    };
    compiledOperations.set(operations, found);
  }
  return found;
}

/**
 * Partial mocking, for one state (the default one or a session's): with an upstream, a request the mock
 * does not answer (no operation of the spec has its method and path, under the base path or elsewhere) goes
 * upstream, and so do the documented operations named in `operations`. The adapter forwards; the core only
 * decides (docs/passthrough.md).
 */
export class PassthroughControls {
  readonly #upstream: string | undefined;
  readonly #start: readonly string[];
  readonly #basePath: string;
  readonly #matcher: OperationMatcher;
  readonly #documented: readonly string[];
  readonly #owned: (path: string) => boolean;
  #operations: ReadonlySet<string>;

  /** `owned`: paths an extension of the mock answers (by its prefix), never forwarded. */
  constructor(
    options: PassthroughOptions | undefined,
    basePath: string,
    operations: readonly SpecOperation[],
    owned: (path: string) => boolean = () => false,
  ) {
    this.#upstream = options?.upstream;
    this.#basePath = basePath;
    ({ matcher: this.#matcher, documented: this.#documented } = compiled(operations));
    this.#owned = owned;
    this.#start = this.#checked(options?.operations ?? []);
    this.#operations = new Set(this.#start);
  }

  /** Whether anything can be forwarded at all (an upstream was configured). */
  get enabled(): boolean {
    return this.#upstream !== undefined;
  }

  settings(): PassthroughSettings {
    return {
      upstream: this.#upstream ?? null,
      operations: [...this.#operations],
      documented: this.#documented,
    };
  }

  /** Sends these documented operations upstream (and no other); 409 without an upstream, 400 for an unknown name. */
  set(operations: readonly string[]): PassthroughSettings {
    this.#operations = new Set(this.#checked(operations));
    return this.settings();
  }

  /** Back to the operations given at the start. */
  reset(): void {
    this.#operations = new Set(this.#start);
  }

  /** Whether `request` goes upstream rather than to the mock. */
  forwards(request: MockRequest): boolean {
    if (this.#upstream === undefined) return false;
    const { path } = request;
    if (isOwnPath(path) || this.#owned(path)) return false;
    if (!path.startsWith(`${this.#basePath}/`)) return true;
    const below = path.slice(this.#basePath.length);
    // A preflight asks for the method the browser will send next; a bare OPTIONS is the mock's where it has a path.
    const asked =
      request.method === 'OPTIONS' ? request.headers['access-control-request-method'] : request.method;
    if (asked === undefined) return !this.#matcher.hasPath(below);
    const operation = this.#matcher.find(asked.toUpperCase(), below);
    return operation === undefined || this.#operations.has(operation.operationId);
  }

  #checked(operations: readonly string[]): string[] {
    if (operations.length > 0 && this.#upstream === undefined) {
      throw coreError(
        'PASSTHROUGH_OFF',
        'Nothing is forwarded by this mock: start it with --passthrough URL (or createHandlers({ passthrough: [...] }) under MSW).',
      );
    }
    const unknown = operations.filter((name) => !this.#documented.includes(name));
    if (unknown.length > 0) {
      throw coreError(
        'INVALID_REQUEST',
        `${truncate(unknown.join(', '))} ${unknown.length === 1 ? 'is not a documented operation' : 'are not documented operations'}; the Store API documents ${this.#documented.join(', ')}.`,
      );
    }
    return [...new Set(operations)];
  }
}
