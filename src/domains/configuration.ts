import { domainError } from './errors.ts';
import { normalizeName } from './names.ts';
import type { DomainsConfig, Redirect } from './types.ts';

/**
 * Validates a domains configuration against the names attached to the project (rule 7). Throws the first
 * problem found; answers the configuration with names normalised.
 */
export function validateConfig(input: unknown, attached: ReadonlySet<string>): DomainsConfig {
  const domains = (input as { domains?: unknown } | null)?.domains as
    | { primary?: unknown; redirects?: unknown }
    | undefined;
  if (typeof domains !== 'object' || domains === null) {
    throw domainError(
      'INVALID_REQUEST',
      'The body must be {"domains": {"primary": "...", "redirects": [...]}}.',
    );
  }
  const primary = parsePrimary(domains.primary);
  if (primary !== null && !attached.has(primary)) {
    throw domainError(
      'PRIMARY_NOT_ATTACHED',
      `The primary domain ${primary} is not attached to this project; add it first.`,
    );
  }
  const rawRedirects = domains.redirects ?? [];
  if (!Array.isArray(rawRedirects)) throw domainError('INVALID_REQUEST', 'domains.redirects must be a list.');
  const redirects = rawRedirects.map(parseRedirect);
  if (redirects.length > 0 && primary === null) {
    throw domainError('PRIMARY_REQUIRED', 'Redirects go to the primary domain; set domains.primary first.');
  }
  const seen = new Set<string>();
  for (const redirect of redirects) {
    if (!attached.has(redirect.from)) {
      throw domainError(
        'REDIRECT_FROM_NOT_ATTACHED',
        `Redirect from ${redirect.from}: that domain is not attached to this project; add it first.`,
      );
    }
    if (redirect.from === primary) {
      throw domainError(
        'REDIRECT_FROM_PRIMARY',
        `${redirect.from} is the primary domain and cannot redirect; choose another primary or drop this redirect.`,
      );
    }
    if (redirect.to !== primary) {
      throw domainError(
        'REDIRECT_TO_NOT_PRIMARY',
        `Redirect from ${redirect.from} goes to ${redirect.to}; redirects must go to the primary domain ${primary}.`,
      );
    }
    if (redirect.status !== 301) {
      throw domainError(
        'REDIRECT_STATUS_UNSUPPORTED',
        `Redirect from ${redirect.from} has status ${redirect.status}; only 301 is supported.`,
      );
    }
    // With `to` always the primary and `from` never it, a chain or loop can only come from a repeated `from`.
    if (seen.has(redirect.from) || redirects.some((other) => other.to === redirect.from)) {
      throw domainError(
        'REDIRECT_CHAIN',
        `${redirect.from} appears in more than one redirect; each domain redirects once, straight to the primary.`,
      );
    }
    seen.add(redirect.from);
  }
  return { primary, redirects };
}

function parsePrimary(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'string')
    throw domainError('INVALID_REQUEST', 'domains.primary must be a domain name or null.');
  return normalizeName(value);
}

function parseRedirect(value: unknown, index: number): Redirect {
  const item = value as { from?: unknown; to?: unknown; status?: unknown } | null;
  if (typeof item?.from !== 'string' || typeof item.to !== 'string' || typeof item.status !== 'number') {
    throw domainError(
      'INVALID_REQUEST',
      `domains.redirects[${index}] must be {"from": "...", "to": "...", "status": 301}.`,
    );
  }
  return { from: normalizeName(item.from), to: normalizeName(item.to), status: item.status };
}
