import { toAscii } from './idn.ts';

/** Host names: normalising, validating, and telling an apex from a subdomain. */

/**
 * Lower-case, without a trailing dot: DNS names compare case-insensitively (RFC 4343). A name with non-ASCII
 * or `xn--` labels is brought to its ASCII form by IDNA (`BÜCHER.example` → `xn--bcher-kva.example`); one IDNA
 * refuses is left as typed, lower-cased, for validation to refuse.
 */
export function normalizeName(name: string): string {
  const lower = name.trim().toLowerCase();
  const bare = lower.endsWith('.') ? lower.slice(0, -1) : lower;
  if (!/[^\p{ASCII}]|xn--/u.test(bare)) return bare;
  return toAscii(bare) ?? bare;
}

/** The comparison rule 3 asks for: case-insensitive, a trailing dot ignored. */
export function sameName(a: string, b: string): boolean {
  return normalizeName(a) === normalizeName(b);
}

const label = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/** A host name a person can attach: LDH labels, at least two of them, not an IP literal, at most 253 chars. */
export function isValidHostName(name: string): boolean {
  if (name.length === 0 || name.length > 253) return false;
  const labels = name.split('.');
  if (labels.length < 2) return false;
  if (/^\d+$/.test(labels[labels.length - 1] ?? '')) return false;
  if (!labels.every((part) => label.test(part))) return false;
  // An xn-- label must be punycode that IDNA accepts (`xn--a` is not).
  return !name.includes('xn--') || toAscii(name) === name;
}

const suffixOptions = { allowPrivateDomains: true } as const;

type PublicSuffixList = typeof import('tldts');
let suffixList: PublicSuffixList | undefined;
let suffixListLoading: Promise<void> | undefined;

/**
 * Loads the Public Suffix List (tldts), once: it is large, so the simulation loads it on its first use (a
 * domain added or read, a zone created, a preset), not at start-up, since most runs of the mock never touch
 * custom domains (docs/performance.md, "Start-up"). The functions below that need it run only after one of those.
 */
export function loadPublicSuffixList(): Promise<void> {
  suffixListLoading ??= import('tldts').then((module) => {
    suffixList = module;
  });
  return suffixListLoading;
}

function publicSuffixList(): PublicSuffixList {
  if (suffixList === undefined) {
    throw new Error(
      'The Public Suffix List is not loaded: await loadPublicSuffixList() (or dashboard.ready) first.',
    );
  }
  return suffixList;
}

/**
 * The registrable domain by the Public Suffix List, private section included (`example.github.io` is one, as a
 * CA and a DNS provider see it): `example.co.il` for `www.example.co.il`; undefined for a public suffix itself.
 * A name under a TLD the list does not know (`acme.test`) has a one-label suffix, the list's default rule.
 */
export function registrableDomain(name: string): string | undefined {
  return publicSuffixList().getDomain(name, suffixOptions) ?? undefined;
}

/** Whether `name` is itself a public suffix (`co.il`, `github.io`): nobody can attach it or hold its zone. */
export function isPublicSuffix(name: string): boolean {
  return publicSuffixList().getPublicSuffix(name, suffixOptions) === name;
}

/** The refusal for a name that is a public suffix, or undefined. */
export function publicSuffixProblem(name: string): string | undefined {
  if (!isPublicSuffix(name)) return undefined;
  return `${name} is a public suffix (on the Public Suffix List): names are registered below it, such as example.${name}; use one of those.`;
}

export function isApex(name: string): boolean {
  return registrableDomain(name) === name;
}

/** The record name relative to the registrable domain: `www` for `www.example.com`, `@` for the apex. */
export function relativeName(name: string): string {
  const apex = registrableDomain(name) ?? name;
  return name === apex ? '@' : name.slice(0, -(apex.length + 1));
}

/** Whether `name` is `zone` or lies below it. */
export function isWithin(name: string, zone: string): boolean {
  return name === zone || name.endsWith(`.${zone}`);
}

/** The parent names up to, not including, the root: `a.b.example.com` → `b.example.com`, `example.com`, `com`. */
export function parents(name: string): string[] {
  const labels = name.split('.');
  return labels.slice(1).map((_, i) => labels.slice(i + 1).join('.'));
}

/** The host of a `Host` header value, without port, brackets kept for IPv6 literals. */
export function hostOf(header: string): { host: string; port: string | null } {
  const value = header.trim().toLowerCase();
  if (value.startsWith('[')) {
    const end = value.indexOf(']');
    const rest = value.slice(end + 1);
    return { host: value.slice(0, end + 1), port: rest.startsWith(':') ? rest.slice(1) : null };
  }
  const colon = value.lastIndexOf(':');
  const host = colon === -1 ? value : value.slice(0, colon);
  return { host: normalizeName(host), port: colon === -1 ? null : value.slice(colon + 1) };
}

export function isIpLiteral(host: string): boolean {
  return host.startsWith('[') || /^\d{1,3}(\.\d{1,3}){3}$/.test(host);
}
