import { SecretRedactor } from '../exchange/secrets.ts';
import { controlCode } from './control-code-loader.ts';
import { createClock, type MockClock } from './controls/clock.ts';
import { type JournalLimits, RequestJournal } from './controls/journal.ts';
import { parseLatency } from './controls/latency.ts';
import { PassthroughControls, type PassthroughOptions } from './controls/passthrough.ts';
import { type MockPreset, storePresets } from './controls/presets.ts';
import { mayCreateSession } from './controls/sessions.ts';
import type { MockStateDocument } from './controls/snapshot.ts';
import { TrafficControls } from './controls/traffic.ts';
import {
  DEFAULT_PETS_DEPRECATION,
  DEFAULT_PETS_SUNSET,
  DEV_API_KEY,
  defaultOrders,
  defaultPets,
} from './defaults.ts';
import type { MockExtension, ServedRoute } from './extension.ts';
import { type Answer, createHandle } from './handle.ts';
import { ACCESS_TOKEN_SECRET } from './http/access-tokens.ts';
import { apiKeyProblem } from './http/auth.ts';
import { ControlPlanes, isControlPlane } from './http/control-planes.ts';
import type { ApiError } from './http/errors.ts';
import { PreferredAnswers } from './http/prefer.ts';
import { ResponseKit } from './http/responses.ts';
import { Router } from './http/router.ts';
import { StoreCors } from './http/store-cors.ts';
import { specOperations } from './operations.generated.ts';
import { type OrderSeed, type PetSeed, parsePetSeed } from './orders/order-input.ts';
import { inFixture, seedOrderStore } from './orders/seed.ts';
import type { OrderStore } from './orders/store.ts';
import { adminTurnedOff, lazyAdminApi } from './routes/admin-loader.ts';
import { type OAuthOptions, oauthPart } from './routes/oauth-token.ts';
import { orderRoutes } from './routes/orders.ts';
import { deprecationNotice, type PetCatalogue, petCatalogue, petRoutes } from './routes/pets.ts';
import type { Clock, MockRequest, MockResponse } from './types.ts';

export interface MockApiOptions extends OAuthOptions {
  /** Accepted bearer keys; default: the development key `petstore-dev-key`. */
  readonly apiKeys?: readonly string[];
  /** Seed orders (fixture format); default: fixtures/orders.json. Ignored when `store` is given. */
  readonly orders?: Iterable<OrderSeed>;
  /** Pets for the deprecated lookup; default: fixtures/pets.json. */
  readonly pets?: readonly PetSeed[];
  /** A store to use instead of the in-memory one (a shared store for several replicas, say). */
  readonly store?: OrderStore;
  /** Path prefix of the API; default `/v1`. */
  readonly basePath?: string;
  /**
   * The origins the Store API allows (`--cors-origin`, repeatable): `*` (default) or a list. A request with
   * an allowed `Origin` gets it reflected, with credentials allowed (src/core/http/store-cors.ts).
   */
  readonly corsOrigin?: string | readonly string[];
  /** CORS headers on the Store API's answers; default true (`--no-cors` turns them off). */
  readonly cors?: boolean;
  /**
   * Origins whose pages may call the control planes (`/__mock`, `/__dashboard`) cross-origin; default none,
   * so their answers carry no CORS headers.
   */
  readonly adminCorsOrigins?: readonly string[];
  /** When GET /pets/{petId} was deprecated (a Date or an ISO string); default 2026-07-01. */
  readonly petsDeprecation?: Date | string;
  /** When GET /pets/{petId} starts answering 410 Gone; default 2027-07-01. */
  readonly petsSunset?: Date | string;
  /**
   * Serve the /__mock admin API; default true. Without it every /__mock path answers 404 saying so (not a
   * 401 asking for a key), and the server leaves out the control page and the simulation's controls.
   */
  readonly admin?: boolean;
  /** More of the mock (the dashboard simulation, say); they run before authentication. */
  readonly extensions?: readonly MockExtension[];
  /**
   * The one clock every part reads (the sunset, the journal, the admin API's /__mock/clock). A plain
   * `{ now() }` becomes a system-mode clock over it; default: real time.
   */
  readonly clock?: Clock | MockClock;
  /** Delay every Store API answer (`--latency 300ms` or `100ms-800ms`); runtime rules: /__mock/latency. */
  readonly latency?: string;
  /** Draws the latency within its range, in [0, 1); default a generator seeded with 1 (repeatable). */
  readonly random?: () => number;
  /**
   * How many requests the journal keeps (a count), or its limits: entries (1000), bytes (4 MiB) and the bytes
   * one read returns (1 MiB).
   */
  readonly journalLimit?: number | JournalLimits;
  /** Called once per unexpected exception (the answer is a 500 Error body); default `console.error`. */
  readonly onUnexpectedError?: (error: unknown, request: MockRequest) => void;
  /**
   * Where the mock is reached (`http://localhost:4010`), for the absolute URLs of its HAR
   * (`GET /__mock/requests?format=har`); default each request's `Host`. The MSW handlers give their base URL's.
   */
  readonly origin?: string;
  /** The package's version, named as the HAR's creator. */
  readonly version?: string;
  /** The session this state answers for (set by the composition root), named in its HAR entries. */
  readonly session?: string;
  /**
   * Partial mocking (docs/passthrough.md): where the requests the mock does not answer go, and which
   * documented operations go there too. The adapter forwards (the Node server to the upstream, MSW with its
   * `passthrough()`); without it the mock answers everything, as always.
   */
  readonly passthrough?: PassthroughOptions;
  /**
   * What the journal, the request log and error reports redact; default: one of `apiKeys`. The composition
   * root hands the default state's to every session, so a secret added to it is redacted everywhere.
   */
  readonly secrets?: SecretRedactor;
}

/** A running mock: one `handle` shared by every adapter, and the state behind it. */
export interface MockApi {
  handle(request: MockRequest): Promise<MockResponse>;
  /**
   * The same answer as `handle`, synchronously when nothing had to wait (what the Node adapter calls: no
   * promise per request on the hot paths). A returned promise never rejects.
   */
  respond(request: MockRequest): Answer;
  /**
   * The answer to an error thrown while answering `request` outside `respond` (the composition root's session
   * lookup and state transactions): an ApiError's Error body, or a 500 reported once to `onUnexpectedError`.
   */
  failure(request: MockRequest, error: unknown): MockResponse;
  /**
   * Renders an error an adapter detects itself (a body over its size limit) the way `handle` would for a
   * request to `path` (on a control plane: without CORS headers).
   */
  reject(error: ApiError, path?: string): MockResponse;
  /** Back to the seed state: orders, journal, clock and every extension. */
  reset(): Promise<void>;
  /** The whole state as data (`GET /__mock/state`): orders, clock, rules and the extensions' parts. */
  snapshot(): Promise<MockStateDocument>;
  /**
   * Puts a state back (`PUT /__mock/state`), atomically: an invalid one throws a 400 ApiError naming the
   * first problem and changes nothing.
   */
  restore(state: unknown): Promise<void>;
  /** The secrets never shown (the keys, and what is added to it): the journal and the request log use it. */
  readonly secrets: SecretRedactor;
  readonly clock: MockClock;
  readonly store: OrderStore;
  readonly journal: RequestJournal;
  readonly apiKeys: readonly string[];
  /**
   * Whether `request` may create the session it names: a control-plane request, one with a valid key, or a
   * token request of a configured OAuth client. Any other is answered by the default state until the session
   * exists (any web page can send the header).
   */
  mayCreateSession(request: MockRequest): boolean;
  readonly basePath: string;
  /** Latency and fault rules (`/__mock/latency`, `/__mock/faults`; the MSW controller's `faults`). */
  readonly traffic: TrafficControls;
  /** What goes upstream (`/__mock/passthrough`; the MSW controller's `passthrough`). */
  readonly passthrough: PassthroughControls;
  /** The presets (named states): the store's, then every extension's (`/__mock/presets`). */
  presets(): readonly MockPreset[];
  /** The Store API operations served, as `{ method, path }` with OpenAPI-style templates (for drift tests). */
  readonly operations: readonly { readonly method: string; readonly path: string }[];
  /** Every route answered, the Store API's under `basePath` and the extensions' (`:param` segments). */
  readonly routes: readonly ServedRoute[];
}

/**
 * Creates the mock's core. Invalid options (a bad fixture, a sunset before the deprecation) throw at once.
 *
 * @example
 * const api = createMockApi({ apiKeys: ['test-key'] });
 * const response = await api.handle({ method: 'GET', path: '/v1/store/orders', query: '',
 *   headers: { authorization: 'Bearer test-key' } });
 */
export function createMockApi(
  options: MockApiOptions = {},
  parts: MockApiParts = mockApiParts(options),
): MockApi {
  const clock = asMockClock(options.clock);
  const { apiKeys, basePath, kit, controlPlanes } = parts;
  const store = options.store ?? seedOrderStore(options.orders ?? defaultOrders, clock);
  const oauth = oauthPart(options, clock);
  // The one redactor: keys, client secrets, and every token the mock issues (known by its form: a replica
  // may have issued it).
  const secrets = options.secrets ?? new SecretRedactor(apiKeys, [ACCESS_TOKEN_SECRET]);
  for (const secret of oauth?.secrets ?? []) secrets.add(secret);
  const journal = new RequestJournal(options.journalLimit ?? {}, secrets, {
    session: options.session,
    origin: options.origin,
    creator: { name: 'petstore-mock', version: options.version ?? 'unknown' },
    loadExport: controlCode,
  });
  const traffic = new TrafficControls({ latency: startLatency(options.latency), random: options.random });
  // The token endpoint after the given extensions: the domains simulation's host routing refuses a Host
  // that is not the mock's before anything answers.
  const extensions = [
    parts.deprecationNotice,
    ...(options.extensions ?? []),
    ...(oauth ? [oauth.endpoint] : []),
  ];
  const passthrough = new PassthroughControls(options.passthrough, basePath, specOperations, (path) =>
    extensions.some(
      (extension) => extension.pathPrefix !== undefined && path.startsWith(extension.pathPrefix),
    ),
  );

  async function reset(): Promise<void> {
    clock.reset();
    await store.reset();
    journal.clear();
    await oauth?.tokens.clear();
    traffic.reset();
    passthrough.reset();
    for (const extension of extensions) await extension.reset?.();
  }
  const holder = { store, clock, traffic, extensions: options.extensions ?? [] };
  // The state document's code loads with the admin API's, on first use (control-code-loader.ts).
  const snapshot = async () => (await controlCode()).snapshotState(holder);
  const restore = async (state: unknown) => {
    const apply = (await controlCode()).prepareRestore(holder, state);
    await apply();
  };
  // Built when asked (a request to /__mock/presets), not held by every session.
  const presets = () => [
    ...storePresets(store, clock, controlCode),
    ...extensions.flatMap((extension) => extension.presets ?? extension.scenarios ?? []),
  ];
  // Last, so that extensions can own deeper /__mock paths (the dashboard's controls).
  extensions.push(
    options.admin === false
      ? adminTurnedOff()
      : lazyAdminApi({
          store,
          journal,
          kit: controlPlanes.kit,
          clock,
          reset,
          traffic,
          presets,
          stateBody: async () => (await controlCode()).snapshotBody(holder),
          restore,
          passthrough,
        }),
  );

  const router = new Router([...orderRoutes(store, kit), ...petRoutes(parts.pets, clock)], {
    mount: basePath,
  });
  const { respond, failure } = createHandle({
    basePath,
    apiKeys,
    accessTokens: oauth?.tokens,
    router,
    extensions,
    kit,
    controlPlanes,
    journal,
    clock,
    traffic,
    preferred: parts.preferred,
    storeCors: parts.storeCors,
    // Reports go to logs: the request they name is redacted first.
    onUnexpectedError: (error, request) =>
      (options.onUnexpectedError ?? logUnexpectedError)(error, secrets.redactRequest(request)),
  });
  const operations = router.operations();
  const routes = [...router.served(), ...extensions.flatMap((extension) => extension.routes ?? [])];
  return {
    handle: (request) => {
      const answer = respond(request);
      return answer instanceof Promise ? answer : Promise.resolve(answer);
    },
    respond,
    failure,
    reject: (error, path) =>
      (path !== undefined && isControlPlane(path) ? controlPlanes.kit : kit).error(error),
    reset,
    snapshot,
    restore,
    secrets,
    clock,
    store,
    journal,
    traffic,
    passthrough,
    presets,
    apiKeys,
    mayCreateSession: (request) =>
      mayCreateSession(request, apiKeys) || (oauth?.authenticates(request) ?? false),
    basePath,
    operations,
    routes,
  };
}

/**
 * What every state of one mock shares (the default one and each session's): all that is built from the
 * options alone. `createMock` builds it once; a session then builds only what holds its state.
 */
export interface MockApiParts {
  readonly apiKeys: readonly string[];
  readonly basePath: string;
  readonly kit: ResponseKit;
  readonly controlPlanes: ControlPlanes;
  readonly preferred: PreferredAnswers;
  readonly storeCors: StoreCors | undefined;
  readonly pets: PetCatalogue;
  readonly deprecationNotice: MockExtension;
}

/** The parts of `options` every state shares; invalid options (a bad fixture, a sunset before the deprecation) throw. */
export function mockApiParts(
  options: Pick<
    MockApiOptions,
    | 'apiKeys'
    | 'basePath'
    | 'pets'
    | 'petsDeprecation'
    | 'petsSunset'
    | 'cors'
    | 'corsOrigin'
    | 'adminCorsOrigins'
  > = {},
): MockApiParts {
  const apiKeys = options.apiKeys?.length ? options.apiKeys : [DEV_API_KEY];
  for (const key of apiKeys) {
    const problem = apiKeyProblem(key, 'apiKeys');
    if (problem !== undefined) throw new Error(problem);
  }
  const pets = (options.pets ?? defaultPets).map((pet, index) =>
    inFixture('pets', index, () => parsePetSeed(pet)),
  );
  const deprecation = {
    deprecatedAt: toTime(options.petsDeprecation ?? DEFAULT_PETS_DEPRECATION, 'petsDeprecation'),
    sunsetAt: toTime(options.petsSunset ?? DEFAULT_PETS_SUNSET, 'petsSunset'),
  };
  if (deprecation.sunsetAt < deprecation.deprecatedAt) {
    throw new Error('petsSunset must not be earlier than petsDeprecation (RFC 9745, section 4).');
  }
  const origins = corsOrigins(options);
  const kit = new ResponseKit(origins);
  return {
    apiKeys,
    basePath: options.basePath ?? '/v1',
    kit,
    controlPlanes: new ControlPlanes(options.adminCorsOrigins),
    preferred: new PreferredAnswers(specOperations, kit, controlCode),
    storeCors: origins === false ? undefined : new StoreCors({ origins }),
    pets: petCatalogue(pets, deprecation, kit),
    deprecationNotice: deprecationNotice(deprecation, kit),
  };
}

/** The default report of a 500: one log line with the request and the stack, so "see its log" holds. */
function logUnexpectedError(error: unknown, request: MockRequest): void {
  // The core has no runtime types (no DOM, no Node); every runtime it runs on has a console.
  const { console } = globalThis as unknown as { console: { error(...data: unknown[]): void } };
  console.error(`petstore-mock: unexpected error on ${request.method} ${request.path}:`, error);
}

function startLatency(text: string | undefined) {
  if (text === undefined) return undefined;
  const latency = parseLatency(text);
  if (!latency)
    throw new Error(
      `latency must be such as 300ms or 100ms-800ms (at most 60s), not "${text.slice(0, 64)}".`,
    );
  return latency;
}

function corsOrigins({ cors, corsOrigin = '*' }: MockApiOptions): '*' | readonly string[] | false {
  if (cors === false) return false;
  const list = typeof corsOrigin === 'string' ? [corsOrigin] : corsOrigin;
  return list.length === 0 || list.includes('*') ? '*' : list;
}

function asMockClock(clock: Clock | MockClock | undefined): MockClock {
  if (clock !== undefined && 'advance' in clock) return clock;
  return createClock('system', undefined, clock);
}

function toTime(value: Date | string, name: string): number {
  const time = value instanceof Date ? value.getTime() : Date.parse(value);
  if (Number.isNaN(time)) throw new Error(`${name} must be a date such as 2027-07-01T00:00:00Z.`);
  return time;
}
