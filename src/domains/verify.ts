import { describeDuration } from './duration.ts';
import { loadPublicSuffixList, relativeName, sameName } from './names.ts';
import { type Address, DnsLookupError, type DnsResolver } from './resolver.ts';
import type { Reason } from './types.ts';

export interface CheckTarget {
  /** The domain being verified, normalised. */
  readonly name: string;
  readonly apex: boolean;
  /** What its CNAME (or ALIAS) must point at: the project's platform subdomain. */
  readonly target: string;
}

/**
 * The DNS check behind Verify: `[]` when the domain points at the platform, otherwise the reasons why not,
 * each with what was found and what is expected. Reads DNS only through the resolver.
 */
export async function checkDns(check: CheckTarget, resolver: DnsResolver, now: number): Promise<Reason[]> {
  await loadPublicSuffixList(); // the reasons name records relative to the registrable domain
  try {
    return check.apex ? await checkApex(check, resolver, now) : await checkSubdomain(check, resolver, now);
  } catch (error) {
    if (!(error instanceof DnsLookupError)) throw error;
    return [
      reason(
        'DNS_LOOKUP_FAILED',
        `Looking up ${check.name} failed (${error.reason}). This is usually temporary at the DNS provider; verify again in a few minutes.`,
        error.reason,
        null,
      ),
    ];
  }
}

async function checkSubdomain(check: CheckTarget, resolver: DnsResolver, now: number): Promise<Reason[]> {
  const expected = `CNAME ${check.target}`;
  const cnames = await resolver.cname(check.name);
  // Rule 3: exact match, compared case-insensitively and ignoring a trailing dot.
  if (cnames.some((cname) => sameName(cname, check.target))) return [];
  if (cnames.length > 0) {
    return [
      reason(
        'CNAME_TARGET_MISMATCH',
        `The CNAME record for ${check.name} points to ${cnames[0]}, but it must point to ${check.target} exactly. Edit the record's value at your DNS provider.`,
        `CNAME ${cnames[0]}`,
        expected,
      ),
    ];
  }
  const own = await resolver.addresses(check.name);
  const conflict = own.find((address) => address.type === 'A') ?? own[0];
  if (conflict !== undefined) {
    const code = conflict.type === 'A' ? 'CONFLICTING_A_RECORD' : 'CONFLICTING_AAAA_RECORD';
    return [
      reason(
        code,
        `${check.name} has an ${conflict.type} record (${conflict.value}) that blocks the CNAME. Delete the ${conflict.type} record "${relativeName(check.name)}" at your DNS provider, then add CNAME ${relativeName(check.name)} → ${check.target}.`,
        `${conflict.type} ${conflict.value}`,
        expected,
      ),
    ];
  }
  return [await notFound(check, resolver, now, expected)];
}

async function checkApex(check: CheckTarget, resolver: DnsResolver, now: number): Promise<Reason[]> {
  const expected = `ALIAS ${check.target}`;
  const cnames = await resolver.cname(check.name);
  if (cnames.length > 0) {
    return [
      reason(
        'APEX_CNAME_NOT_ALLOWED',
        `${check.name} is an apex domain and has a CNAME record (${cnames[0]}); an apex cannot hold a CNAME (RFC 1034 §3.6.2). Replace it with an ALIAS or ANAME record @ → ${check.target}.`,
        `CNAME ${cnames[0]}`,
        expected,
      ),
    ];
  }
  const found = await resolver.addresses(check.name);
  if (found.length === 0) return [await notFound(check, resolver, now, expected)];
  const platform = await resolver.addresses(check.target);
  const known = new Set(platform.map((address) => address.value));
  if (found.every((address) => known.has(address.value))) return [];
  return [
    reason(
      'APEX_NOT_ALIASED',
      `${check.name} resolves to ${list(found)}, not to the platform (${list(platform)}). Add an ALIAS or ANAME record @ → ${check.target} (not every DNS provider offers them; otherwise use A/AAAA records with the platform's addresses) and delete the other A/AAAA records.`,
      list(found),
      expected,
    ),
  ];
}

async function notFound(
  check: CheckTarget,
  resolver: DnsResolver,
  now: number,
  expected: string,
): Promise<Reason> {
  const pending = (await resolver.unpropagated?.(check.name)) ?? [];
  const first = pending.sort((a, b) => a.visibleAt - b.visibleAt)[0];
  if (first !== undefined) {
    return reason(
      'DNS_NOT_PROPAGATED',
      `The ${first.type} record for ${check.name} exists at your DNS provider but is not visible yet: DNS changes take up to 48 hours to propagate (often minutes). Verify again in about ${describeDuration(first.visibleAt - now)}.`,
      null,
      expected,
    );
  }
  const record = check.apex
    ? `ALIAS @ → ${check.target}`
    : `CNAME ${relativeName(check.name)} → ${check.target}`;
  return reason(
    'DNS_NOT_FOUND',
    `No DNS record was found for ${check.name}. Add ${record} at your DNS provider. If you just added it, DNS changes can take up to 48 hours to propagate (often minutes); verify again later.`,
    null,
    expected,
  );
}

function reason(code: string, message: string, found: string | null, expected: string | null): Reason {
  return { code, message, found, expected };
}

function list(addresses: readonly Address[]): string {
  return addresses.map((address) => address.value).join(', ');
}
