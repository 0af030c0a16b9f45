import type { Address } from './resolver.ts';

/** The simulated hosting platform: its domain, edge addresses, certificate authority and timings. */
export interface Platform {
  /** Every project is served at `<project>.<domain>`, which is also the target of its DNS records. */
  readonly domain: string;
  /** What the platform's names resolve to; an apex must resolve to these (through ALIAS/ANAME or A/AAAA). */
  readonly addresses: readonly Address[];
  /** The CA named in CAA `issue` values that allow the platform to get certificates. */
  readonly certificateAuthority: string;
  /** TTL of the records the dashboard asks for (the seed: 3600). */
  readonly recordTtl: number;
  /** Default propagation delay of a DNS change at the simulated provider ("often minutes", up to 48 hours). */
  readonly propagationMs: number;
  /** How long a verification check runs (the `verifying` state). */
  readonly verificationMs: number;
  /** From verification to the first certificate attempt ("a couple of minutes"). */
  readonly certificateMs: number;
  /** Between certificate attempts while a CAA lookup fails. */
  readonly certificateRetryMs: number;
  /** A certificate still pending this long after verification carries a troubleshooting hint. */
  readonly troubleshootAfterMs: number;
}

export const maxPropagationMs = 48 * 3_600_000;

export const defaultPlatform: Platform = {
  domain: 'mockpages.example',
  // Documentation addresses (RFC 5737, RFC 3849): they never reach a real host.
  addresses: [
    { type: 'A', value: '203.0.113.10' },
    { type: 'AAAA', value: '2001:db8::10' },
  ],
  certificateAuthority: 'letsencrypt.org',
  recordTtl: 3600,
  propagationMs: 5 * 60_000,
  verificationMs: 5_000,
  certificateMs: 2 * 60_000,
  certificateRetryMs: 10 * 60_000,
  troubleshootAfterMs: 30 * 60_000,
};

/** The platform a simulation runs on: the defaults, then `overrides`, then the propagation delay, checked. */
export function platformOf(overrides: Partial<Platform> = {}, dnsPropagationMs?: number): Platform {
  const propagationMs = dnsPropagationMs ?? overrides.propagationMs ?? defaultPlatform.propagationMs;
  if (!(propagationMs >= 0 && propagationMs <= maxPropagationMs)) {
    throw new RangeError(`DNS propagation must be between 0 and 48 hours; got ${propagationMs} ms.`);
  }
  return { ...defaultPlatform, ...overrides, propagationMs };
}

export function defaultDomainOf(platform: Platform, projectId: string): string {
  return `${projectId}.${platform.domain}`;
}
