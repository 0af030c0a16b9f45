import { canonicalId, isInt64 } from './raw-json.ts';

/** Options of runConformance(); the CLI maps its flags onto these. */
export interface ConformanceOptions {
  /** Base URL including the `/v1` prefix. */
  baseUrl: string;
  apiKey?: string;
  /** Opt-in: a pending order the run may cancel. Passed through exactly as given. */
  pendingOrderId?: string;
  /** Opt-in: a shipped order the run tries to cancel. */
  shippedOrderId?: string;
  /** Pet id for the deprecated route (default `1`). */
  petId?: string;
  /** Opt-in: send an undocumented method with a valid key (405 check). Default: on when an order id is given. */
  undocumentedMethods?: boolean;
  /** Per-request timeout in ms (default 10000). */
  timeoutMs?: number;
  /** Extra attempts after network errors (default 0). */
  retries?: number;
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
}

export interface ResolvedOptions
  extends Required<
    Omit<ConformanceOptions, 'apiKey' | 'pendingOrderId' | 'shippedOrderId' | 'rateLimit' | 'specPath'>
  > {
  apiKey?: string;
  pendingOrderId?: string;
  shippedOrderId?: string;
  rateLimit?: number;
  specPath?: string;
}

/** A mistake in the options: the CLI exits 2 with its message. */
export class UsageError extends Error {
  override name = 'UsageError';
}

function positive(name: string, value: number | undefined, fallback: number, allowZero = false): number {
  if (value === undefined) return fallback;
  if (!Number.isFinite(value) || value < 0 || (!allowZero && value === 0)) {
    throw new UsageError(`${name} must be a ${allowZero ? 'non-negative' : 'positive'} number, got ${value}`);
  }
  return value;
}

/** Ids given by the user are decimal int64 integers, sent in canonical form (`03` → `3`): docs/decisions.md. */
function id(name: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (!isInt64(value)) throw new UsageError(`${name} must be a decimal int64 integer, got "${value}"`);
  return canonicalId(value);
}

export function resolveOptions(options: ConformanceOptions): ResolvedOptions {
  let url: URL;
  try {
    url = new URL(options.baseUrl);
  } catch {
    throw new UsageError(`base URL "${options.baseUrl}" is not a URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UsageError(`base URL must be http or https, got ${url.protocol}`);
  }
  const pendingOrderId = id('pending order id', options.pendingOrderId);
  const shippedOrderId = id('shipped order id', options.shippedOrderId);
  if (pendingOrderId !== undefined && pendingOrderId === shippedOrderId) {
    throw new UsageError('the pending and the shipped order ids must differ');
  }
  const petId = id('pet id', options.petId ?? '1') ?? '1';
  return {
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    apiKey: options.apiKey || undefined,
    pendingOrderId,
    shippedOrderId,
    petId,
    undocumentedMethods: options.undocumentedMethods ?? (pendingOrderId ?? shippedOrderId) !== undefined,
    timeoutMs: positive('timeout', options.timeoutMs, 10_000),
    retries: Math.floor(positive('retries', options.retries, 0, true)),
    rateLimit: options.rateLimit === undefined ? undefined : positive('rate limit', options.rateLimit, 0),
    maxBodyBytes: positive('max body bytes', options.maxBodyBytes, 10 * 1024 * 1024),
    only: options.only ?? [],
    skip: options.skip ?? [],
    strict: options.strict ?? false,
    fetch: options.fetch ?? globalThis.fetch,
    specPath: options.specPath,
  };
}
