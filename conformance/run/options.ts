import { canonicalId, isInt64 } from '../contract/raw-json.ts';
import { loadSpec } from '../contract/spec.ts';
import { type ExploreInput, type ExploreSettings, resolveExplore } from '../explore/settings.ts';
import { type Credential, credentialProblem } from '../http/credential.ts';
import { tracePrefixProblem } from '../http/trace.ts';
import { hookOptions } from '../orders/hook-options.ts';
import { minCoveragePercent } from './coverage.ts';
import { type CredentialOptions, resolveCredential } from './credentials.ts';
import {
  checkExpectedFailures,
  type ExpectedFailure,
  type ExpectedFailures,
  readExpectedFailures,
} from './expected-failures.ts';
import { secretValues } from './extra-headers.ts';
import { createRunSecrets, type RunSecrets } from './redaction.ts';
import { UsageError } from './usage-error.ts';

/**
 * Options of runConformance(); the CLI maps its flags onto these. The credential comes from one of `apiKey`,
 * `apiKeyFile`, `tokenCommand` or `oauth` (CredentialOptions), or none.
 */
export interface ConformanceOptions extends CredentialOptions {
  /** Base URL, the API's base path included: `https://staging.example/v1`; the checks' paths go below it. */
  baseUrl: string;
  /** Opt-in: a pending order the run may cancel. Passed through exactly as given. */
  pendingOrderId?: string;
  /** Opt-in: a shipped order the run tries to cancel. */
  shippedOrderId?: string;
  /** Pet id for the deprecated route (default `1`). */
  petId?: string;
  /**
   * Headers sent with every request (`--header`), e.g. `{ 'x-mock-session': 'ci-42' }` for a session of its
   * own on a shared mock. Values of credential-like names (…auth…, cookie, token, key, signature…) are redacted.
   */
  headers?: Record<string, string>;
  /** Opt-in: send an undocumented method with a valid key (405 check). Default: on when an order id is given. */
  undocumentedMethods?: boolean;
  /** Budget of one request in ms, waits and retries included (default 10000, at most 600000). */
  timeoutMs?: number;
  /** Extra attempts after network errors, an integer from 0 to 10 (default 0). */
  retries?: number;
  /** Budget of the whole run in seconds (default 300, at most 86400); checks left are reported as not run. */
  maxTimeSeconds?: number;
  /** The clock the run is timed with; tests pass a fake one. */
  clock?: Clock;
  /** Requests per second. */
  rateLimit?: number;
  /** Largest body read, in bytes (default 10 MiB). */
  maxBodyBytes?: number;
  only?: string[];
  skip?: string[];
  /** Should failures fail the run. */
  strict?: boolean;
  /** A fetch to use instead of the global one, e.g. to target in-process handlers. */
  fetch?: typeof fetch;
  /** Path of the OpenAPI document (default: `spec/openapi.yaml` found above this module). */
  specPath?: string;
  /** Exploration mode instead of the fixed checks (conformance/explore): generated requests, shrunk failures. */
  explore?: boolean | ExploreInput;
  /**
   * A shell command run before the first check that makes the orders the run may change and prints them as
   * `{"pending": ["9001"], "shipped": ["9003"]}` (docs/conformance.md, "Running against staging"). It gets
   * `PETSTORE_BASE_URL` and `PETSTORE_NEEDS` (`{"pending":2,"shipped":1}`) in its environment.
   */
  setup?: string;
  /** A shell command run after the checks, whatever their outcome, with the setup's output on stdin. */
  teardown?: string;
  /** Pact's provider-state URL, instead of `setup`: `POST {"state": "a pending order", …}` per order. */
  stateUrl?: string;
  /** Budget of each hook (setup, teardown, the state URL's calls) in seconds (default 60, at most 3600). */
  hookTimeoutSeconds?: number;
  /** The environment the hooks inherit (default `process.env`). */
  env?: Record<string, string | undefined>;
  /** Skipped checks fail the run (exit 1): for CI, where a check that never runs should be noticed. */
  failOnSkip?: boolean;
  /**
   * Stops the run (a signal's name as the reason: `SIGINT`, `SIGTERM`): the checks left are not run, the
   * teardown runs, and the summary's outcome is `interrupted`.
   */
  signal?: AbortSignal;
  /**
   * Known failures: a YAML or JSON file (`--expected-failures FILE`) or its entries. A listed failure does not
   * fail the run; a listed check that passes does (stale); an unknown id is a usage error.
   */
  expectedFailures?: string | ExpectedFailure[];
  /** Fail the run when fewer documented (operation, status) pairs than this percentage were seen. */
  minCoverage?: number;
  /** Trace ids of the run's `traceparent` headers start with these lower-case hex digits (at most 24). */
  traceIdPrefix?: string;
  /**
   * The run's secrets, to redact what you write yourself with every token the run fetches
   * (`secrets.redact(text)`); the run makes its own when not given.
   */
  secrets?: RunSecrets;
}

/** Monotonic milliseconds, a sleep on the same clock, and the randomness of backoff jitter. */
export interface Clock {
  now(): number;
  sleep(ms: number): Promise<void>;
  random(): number;
  /**
   * Wall time (ms since the epoch), default Date.now: each exchange's `startedAt` (what a Sunset is compared
   * with), and a JWT token's `exp`.
   */
  wallNow?(): number;
}

export const SYSTEM_CLOCK: Clock = {
  now: () => performance.now(),
  sleep: (ms) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
  random: Math.random,
  wallNow: () => Date.now(),
};

export const LIMITS = {
  timeoutMs: { fallback: 10_000, max: 600_000 },
  maxBodyBytes: { fallback: 10 * 1024 * 1024 },
  retries: { fallback: 0, max: 10 },
  maxTimeSeconds: { fallback: 300, max: 86_400 },
  hookTimeoutSeconds: { fallback: 60, max: 3600 },
} as const;

export interface ResolvedOptions
  extends Required<
    Omit<
      ConformanceOptions,
      | keyof CredentialOptions
      | 'pendingOrderId'
      | 'shippedOrderId'
      | 'rateLimit'
      | 'specPath'
      | 'explore'
      | 'setup'
      | 'teardown'
      | 'stateUrl'
      | 'signal'
      | 'expectedFailures'
      | 'minCoverage'
    >
  > {
  /** The run's credential (a key, or tokens from a command or a token endpoint); undefined: none given. */
  credential?: Credential;
  pendingOrderId?: string;
  shippedOrderId?: string;
  rateLimit?: number;
  specPath?: string;
  explore?: ExploreSettings;
  setup?: string;
  teardown?: string;
  stateUrl?: string;
  signal?: AbortSignal;
  expectedFailures?: ExpectedFailures;
  minCoverage?: number;
}

function positive(name: string, value: number | undefined, fallback: number, max = Infinity): number {
  if (value === undefined) return fallback;
  if (!Number.isFinite(value) || value <= 0 || value > max) {
    throw new UsageError(
      `${name} must be a number above 0${max < Infinity ? ` and at most ${max}` : ''}, got ${value}`,
    );
  }
  return value;
}

function integer(name: string, value: number | undefined, fallback: number, max: number): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < 0 || value > max) {
    throw new UsageError(`${name} must be an integer from 0 to ${max}, got ${value}`);
  }
  return value;
}

/** Ids given by the user are decimal int64 integers, sent in canonical form (`03` → `3`): docs/decisions.md. */
function id(name: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (!isInt64(value)) throw new UsageError(`${name} must be a decimal int64 integer, got "${value}"`);
  return canonicalId(value);
}

/** Why the key cannot be sent as `Authorization: Bearer <key>`, or undefined. Names the problem, never the key. */
export function keyProblem(key: string): string | undefined {
  const problem = credentialProblem(key);
  return problem === undefined ? undefined : `the API key ${problem}`;
}

/** The base URL without a trailing slash; credentials, a query or a fragment in it are refused, never printed. */
function baseUrlOf(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UsageError('the base URL is not a valid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UsageError(`the base URL must be http or https, got ${url.protocol}`);
  }
  if (url.username || url.password) {
    throw new UsageError(
      'the base URL carries credentials (user:password@); pass the key with --api-key or PETSTORE_API_KEY',
    );
  }
  if (url.search || url.hash || text.includes('?') || text.includes('#')) {
    throw new UsageError(
      'the base URL carries a query string or fragment; give the URL up to the base path (e.g. …/v1)',
    );
  }
  return url.href.replace(/\/+$/, '');
}

export function resolveOptions(options: ConformanceOptions): ResolvedOptions {
  const baseUrl = baseUrlOf(options.baseUrl);
  const secrets = options.secrets ?? createRunSecrets();
  const headers = options.headers ?? {};
  for (const value of secretValues(headers)) secrets.add(value);
  const timeoutMs = positive('timeout', options.timeoutMs, LIMITS.timeoutMs.fallback, LIMITS.timeoutMs.max);
  const clock = options.clock ?? SYSTEM_CLOCK;
  const fetch = options.fetch ?? globalThis.fetch;
  const credential = resolveCredential(options, {
    timeoutMs,
    fetch,
    now: () => clock.now(),
    wallNow: () => (clock.wallNow ?? Date.now)(),
    secrets,
  });
  const pendingOrderId = id('pending order id', options.pendingOrderId);
  const shippedOrderId = id('shipped order id', options.shippedOrderId);
  if (pendingOrderId !== undefined && pendingOrderId === shippedOrderId) {
    throw new UsageError('the pending and the shipped order ids must differ');
  }
  const hooks = hookOptions(options);
  const given = (pendingOrderId ?? shippedOrderId) !== undefined;
  if (given && (hooks.setup ?? hooks.stateUrl) !== undefined)
    throw new UsageError(
      '--pending-order-id/--shipped-order-id and --setup/--state-url both give orders: use one of them',
    );
  const hasOrders = given || (hooks.setup ?? hooks.stateUrl) !== undefined;
  return {
    baseUrl,
    credential,
    secrets,
    pendingOrderId,
    shippedOrderId,
    petId: id('pet id', options.petId ?? '1') ?? '1',
    headers,
    undocumentedMethods: options.undocumentedMethods ?? hasOrders,
    timeoutMs,
    retries: integer('retries', options.retries, LIMITS.retries.fallback, LIMITS.retries.max),
    maxTimeSeconds: positive(
      'max time',
      options.maxTimeSeconds,
      LIMITS.maxTimeSeconds.fallback,
      LIMITS.maxTimeSeconds.max,
    ),
    rateLimit: options.rateLimit === undefined ? undefined : positive('rate limit', options.rateLimit, 0),
    maxBodyBytes: positive('max body bytes', options.maxBodyBytes, LIMITS.maxBodyBytes.fallback),
    only: options.only ?? [],
    skip: options.skip ?? [],
    strict: options.strict ?? false,
    fetch,
    clock,
    specPath: options.specPath,
    ...hooks,
    hookTimeoutSeconds: positive(
      'hook timeout',
      options.hookTimeoutSeconds,
      LIMITS.hookTimeoutSeconds.fallback,
      LIMITS.hookTimeoutSeconds.max,
    ),
    env: options.env ?? process.env,
    failOnSkip: options.failOnSkip ?? false,
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.explore
      ? { explore: resolveExplore({ ...options, pendingOrderId, shippedOrderId, hasOrders }) }
      : {}),
    ...expectedFailuresOf(options),
    ...(options.minCoverage === undefined ? {} : { minCoverage: minCoveragePercent(options.minCoverage) }),
    traceIdPrefix: tracePrefix(options.traceIdPrefix),
  };
}

function tracePrefix(prefix: string | undefined): string {
  const problem = prefix === undefined ? undefined : tracePrefixProblem(prefix);
  if (problem) throw new UsageError(problem);
  return prefix ?? '';
}

/** The baseline read (a path) or taken as given, its ids checked against the catalogue and the spec. */
function expectedFailuresOf(options: ConformanceOptions): { expectedFailures?: ExpectedFailures } {
  const given = options.expectedFailures;
  if (given === undefined) return {};
  const list =
    typeof given === 'string'
      ? { source: given, entries: readExpectedFailures(given) }
      : { source: 'the expected failures', entries: given };
  checkExpectedFailures(list, loadSpec(options.specPath));
  return { expectedFailures: list };
}
