/**
 * Plain shapes of the dashboard simulation. Times are milliseconds since the epoch on the mock's clock;
 * the API renders them as ISO strings (see present.ts).
 */

export type Plan = 'free' | 'pro' | 'enterprise';

export interface Deploy {
  readonly id: string;
  readonly status: 'succeeded' | 'failed';
  readonly createdAt: number;
}

export interface Project {
  readonly id: string;
  readonly name: string;
  readonly plan: Plan;
  readonly deploys: readonly Deploy[];
}

/** Why a check failed: what DNS answered and what it should answer. */
export interface Reason {
  readonly code: string;
  readonly message: string;
  readonly found: string | null;
  readonly expected: string | null;
}

export interface RecordToCreate {
  readonly type: 'CNAME' | 'ALIAS' | 'A' | 'AAAA';
  /** Relative to the registrable domain; `@` is the apex. */
  readonly name: string;
  readonly host: string;
  readonly value: string;
  readonly ttl: number;
}

export type DomainStatus = 'pending' | 'verifying' | 'active' | 'misconfigured';
export type CertificateStatus = 'none' | 'pending' | 'issued' | 'failed';

export interface Certificate {
  readonly status: CertificateStatus;
  readonly reasons: readonly Reason[];
  readonly requestedAt: number | null;
  readonly issuedAt: number | null;
  /** When the next issuance attempt runs (while pending). */
  readonly nextAttemptAt: number | null;
}

export interface Domain {
  /** The ASCII form (punycode for an internationalised name): what DNS, Host headers and certificates use. */
  readonly name: string;
  /** The Unicode form people read (`bücher.example`); the same as `name` for an ASCII name. */
  readonly unicodeName: string;
  readonly projectId: string;
  readonly apex: boolean;
  readonly status: DomainStatus;
  readonly reasons: readonly Reason[];
  readonly certificate: Certificate;
  readonly createdAt: number;
  /** While verifying: when the DNS check completes. */
  readonly checkAt: number | null;
  readonly checkedAt: number | null;
  readonly verifiedAt: number | null;
}

export interface Redirect {
  readonly from: string;
  readonly to: string;
  readonly status: number;
}

export interface DomainsConfig {
  readonly primary: string | null;
  readonly redirects: readonly Redirect[];
}

export type ZoneRecordType = 'A' | 'AAAA' | 'CNAME' | 'ALIAS' | 'ANAME' | 'TXT' | 'CAA';

export interface ZoneRecord {
  readonly id: string;
  readonly type: ZoneRecordType;
  /** The full name, lower-case, without a trailing dot. */
  readonly host: string;
  readonly value: string;
  readonly ttl: number;
  readonly createdAt: number;
  readonly visibleAt: number;
  readonly deletedAt: number | null;
  readonly hiddenAt: number | null;
}

export interface Zone {
  readonly name: string;
  readonly propagationMs: number;
  readonly aliasSupport: boolean;
  readonly caaServfail: boolean;
  readonly records: readonly ZoneRecord[];
}
