import { minCoveragePercent } from '../run/coverage.ts';
import { LIMITS } from '../run/options.ts';
import { UsageError } from '../run/usage-error.ts';

/** Options of startProxy(); the `proxy` subcommand maps its flags onto these. */
export interface ProxyOptions {
  /**
   * The deployment's base URL, its base path included, e.g. `https://staging.api.petstore.example/v1`: the
   * proxy serves under the same base path.
   */
  upstream: string;
  /** Default 4011; 0 picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Idle time allowed on the upstream connection before a 504 (or a cut body); default: the suite's timeout. */
  timeoutMs?: number;
  /** Bodies up to this size are graded (default: the suite's body limit, 10 MiB); larger ones are only forwarded. */
  maxBodyBytes?: number;
  /** Extra trusted certificates for an https upstream. */
  ca?: string | Buffer;
  /** Path of the OpenAPI document (default: `spec/openapi.yaml` found above this module). */
  specPath?: string;
  /** The summary fails (exit 1) when the traffic saw fewer documented (operation, status) pairs than this %. */
  minCoverage?: number;
}

export interface ResolvedProxyOptions {
  upstream: URL;
  port: number;
  host: string;
  timeoutMs: number;
  maxBodyBytes: number;
  ca?: string | Buffer;
  specPath?: string;
  minCoverage?: number;
}

const MAX_TIMEOUT_MS = 3_600_000;

function bounded(
  name: string,
  value: number | undefined,
  fallback: number,
  min: number,
  max: number,
): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new UsageError(`${name} must be an integer from ${min} to ${max}, got ${value}`);
  }
  return value;
}

export function resolveProxyOptions(options: ProxyOptions): ResolvedProxyOptions {
  let upstream: URL;
  try {
    upstream = new URL(options.upstream);
  } catch {
    throw new UsageError(
      'the upstream is not a URL (give the base URL with its base path, e.g. https://staging.example/v1)',
    );
  }
  if (upstream.protocol !== 'http:' && upstream.protocol !== 'https:') {
    throw new UsageError(`the upstream must be http or https, got ${upstream.protocol}`);
  }
  // Credentials in the URL would be sent and shown everywhere; the proxy forwards the client's own instead.
  if (upstream.username || upstream.password) {
    throw new UsageError(
      'the upstream URL must not carry credentials (user:password@): clients send their own',
    );
  }
  if (upstream.search || upstream.hash) {
    throw new UsageError(
      'the upstream URL must not have a query or a fragment: give the base URL with its base path',
    );
  }
  return {
    upstream,
    port: bounded('port', options.port, 4011, 0, 65535),
    host: options.host ?? '127.0.0.1',
    // The idle timeout and the body limit default to the suite client's own.
    timeoutMs: bounded('timeout', options.timeoutMs, LIMITS.timeoutMs.fallback, 1, MAX_TIMEOUT_MS),
    maxBodyBytes: bounded('max body bytes', options.maxBodyBytes, LIMITS.maxBodyBytes.fallback, 1, 2 ** 31),
    ...(options.ca ? { ca: options.ca } : {}),
    ...(options.specPath ? { specPath: options.specPath } : {}),
    ...(options.minCoverage === undefined ? {} : { minCoverage: minCoveragePercent(options.minCoverage) }),
  };
}
