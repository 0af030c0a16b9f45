import { type ApiError, coreError } from '../core/http/errors.ts';

/** The state route: a saved state goes back the way `GET /__mock/state` gave it, however many orders it holds. */
const STATE_PATH = '/__mock/state';

/** How large a request body the Node server reads. */
export interface BodyLimits {
  /** Every body but a saved state's; default 1 MiB. */
  readonly maxBodyBytes: number;
  /**
   * `PUT /__mock/state`'s body (still JSON only, still a control-plane write); default 64 MiB, about 600,000
   * orders. Never below `maxBodyBytes`.
   */
  readonly maxStateBodyBytes: number;
}

export const DEFAULT_BODY_LIMITS: BodyLimits = {
  maxBodyBytes: 1024 * 1024,
  maxStateBodyBytes: 64 * 1024 * 1024,
};

/** The limits with their defaults filled in. */
export function bodyLimits(options: Partial<BodyLimits>): BodyLimits {
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_BODY_LIMITS.maxBodyBytes;
  const maxStateBodyBytes = options.maxStateBodyBytes ?? DEFAULT_BODY_LIMITS.maxStateBodyBytes;
  return { maxBodyBytes, maxStateBodyBytes: Math.max(maxBodyBytes, maxStateBodyBytes) };
}

/** The largest body this request may carry: the state's bound for `PUT /__mock/state`, the general one otherwise. */
export function bodyLimitFor(method: string | undefined, url: string, limits: BodyLimits): number {
  if (method !== 'PUT' || !url.startsWith(STATE_PATH)) return limits.maxBodyBytes;
  const rest = url.length - STATE_PATH.length;
  return rest === 0 || url.charCodeAt(STATE_PATH.length) === 63 /* ? */
    ? limits.maxStateBodyBytes
    : limits.maxBodyBytes;
}

/** The 413 for a body over `limit` bytes. */
export function tooLarge(limit: number): ApiError {
  return coreError('PAYLOAD_TOO_LARGE', `The request body is larger than ${limit} bytes.`);
}
