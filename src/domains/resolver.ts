/**
 * The one door through which verification reads DNS. Two implementations: the simulated provider
 * (simulated-dns.ts, the default) and real DNS (src/node/dns-resolver.ts, Node only).
 *
 * Every method answers `[]` when the name has no such data (NXDOMAIN or NODATA) and throws DnsLookupError
 * when the lookup itself fails (SERVFAIL, timeout, refused).
 */
export interface DnsResolver {
  /** CNAME targets at the name itself, normalised (lower-case, no trailing dot). */
  cname(name: string): Promise<string[]>;
  /** A and AAAA addresses, following a CNAME (and, in the simulation, an ALIAS) as a resolver does. */
  addresses(name: string): Promise<Address[]>;
  /** CAA records at the name, following a CNAME; `[]` when there are none (the caller climbs, RFC 8659). */
  caa(name: string): Promise<CaaRecord[]>;
  /** Records at the name that exist at the provider but are not visible yet; only the simulation knows. */
  unpropagated?(name: string): Promise<PendingRecord[]>;
}

export interface Address {
  readonly type: 'A' | 'AAAA';
  readonly value: string;
}

/** RFC 8659 §4.1: flags (bit 128 is "critical"), tag, value. */
export interface CaaRecord {
  readonly flags: number;
  readonly tag: string;
  readonly value: string;
}

export interface PendingRecord {
  readonly type: string;
  readonly value: string;
  readonly visibleAt: number;
}

export class DnsLookupError extends Error {
  constructor(
    /** e.g. `SERVFAIL`, `TIMEOUT`, `REFUSED`. */
    readonly reason: string,
    readonly query: string,
  ) {
    super(`DNS lookup ${query} failed: ${reason}`);
    this.name = 'DnsLookupError';
  }
}
