/** Host names: normalising, validating, and telling an apex from a subdomain. */

/** Lower-case, without a trailing dot: DNS names compare case-insensitively (RFC 4343). */
export function normalizeName(name: string): string {
  const lower = name.trim().toLowerCase();
  return lower.endsWith('.') ? lower.slice(0, -1) : lower;
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
  return labels.every((part) => label.test(part));
}

/**
 * Public suffixes with two labels that people commonly register under. A full Public Suffix List is out of
 * scope for a mock; a name under any other suffix is taken to have a one-label suffix (`example.com`).
 */
const twoLabelSuffixes = new Set([
  'co.uk',
  'org.uk',
  'ac.uk',
  'gov.uk',
  'me.uk',
  'com.au',
  'net.au',
  'org.au',
  'co.nz',
  'org.nz',
  'co.jp',
  'ne.jp',
  'or.jp',
  'com.br',
  'com.cn',
  'com.mx',
  'co.in',
  'co.za',
  'com.tr',
  'co.kr',
]);

/** The registrable domain (`example.co.uk` for `www.example.co.uk`). */
export function registrableDomain(name: string): string {
  const labels = name.split('.');
  const lastTwo = labels.slice(-2).join('.');
  const keep = twoLabelSuffixes.has(lastTwo) ? 3 : 2;
  return labels.slice(-keep).join('.');
}

export function isApex(name: string): boolean {
  return registrableDomain(name) === name;
}

/** The record name relative to the registrable domain: `www` for `www.example.com`, `@` for the apex. */
export function relativeName(name: string): string {
  const apex = registrableDomain(name);
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
