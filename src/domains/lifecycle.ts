import { checkCaa, formatCaa } from './caa.ts';
import { defaultDomainOf, type Platform } from './platform.ts';
import { DnsLookupError, type DnsResolver } from './resolver.ts';
import type { Certificate, Domain, Reason } from './types.ts';
import { checkDns } from './verify.ts';

export interface LifecycleContext {
  readonly now: number;
  readonly resolver: DnsResolver;
  readonly platform: Platform;
}

export const noCertificate: Certificate = {
  status: 'none',
  reasons: [],
  requestedAt: null,
  issuedAt: null,
  nextAttemptAt: null,
};

/**
 * Verify and re-verify: a fresh check that completes `verificationMs` from now. A live domain stays `active`
 * (served, with its current certificate) while the check runs; only the check's outcome changes its state.
 * Any other domain goes `verifying` and its certificate starts over.
 */
export function startVerification(domain: Domain, now: number, platform: Platform): Domain {
  const checkAt = now + platform.verificationMs;
  if (domain.status === 'active') return { ...domain, checkAt };
  return { ...domain, status: 'verifying', reasons: [], certificate: noCertificate, checkAt };
}

/** A re-verification is running on a live domain. */
export function isReverifying(domain: Domain): boolean {
  return domain.status === 'active' && domain.checkAt !== null;
}

/**
 * Brings a domain up to the clock: completes a due DNS check, then runs due certificate attempts.
 * Each step happens at the time it was due (not at `now`), so advancing the clock by an hour gives the same
 * timeline as polling every second.
 */
export async function settle(domain: Domain, context: LifecycleContext): Promise<Domain> {
  let current = domain;
  if (current.checkAt !== null && current.checkAt <= context.now) {
    current = await completeCheck(current, current.checkAt, context);
  }
  const due = current.certificate.nextAttemptAt;
  if (
    current.status === 'active' &&
    (current.certificate.status === 'pending' || current.certificate.status === 'issued') &&
    due !== null &&
    due <= context.now
  ) {
    current = { ...current, certificate: await attemptCertificate(current, due, context) };
  }
  return current;
}

async function completeCheck(domain: Domain, at: number, context: LifecycleContext): Promise<Domain> {
  const target = defaultDomainOf(context.platform, domain.projectId);
  const reasons = await checkDns({ name: domain.name, apex: domain.apex, target }, context.resolver, at);
  const checked = { ...domain, checkAt: null, checkedAt: at };
  // A failed re-verification is a failed verification: misconfigured, and no longer served (docs/decisions.md).
  if (reasons.length > 0) return { ...checked, status: 'misconfigured', reasons, certificate: noCertificate };
  // Rule 4: verified means live, and a certificate is requested automatically. An issued certificate stays in
  // service while the fresh attempt runs; the attempt's outcome replaces it.
  const previous = domain.certificate;
  const attempt = { reasons: [], requestedAt: at, nextAttemptAt: at + context.platform.certificateMs };
  const certificate: Certificate =
    previous.status === 'issued'
      ? { ...previous, ...attempt }
      : { ...noCertificate, ...attempt, status: 'pending' };
  return { ...checked, status: 'active', reasons: [], verifiedAt: at, certificate };
}

/** One issuance attempt at `at`: the CA checks CAA (RFC 8659); a failed lookup is retried, a refusal is final. */
async function attemptCertificate(
  domain: Domain,
  at: number,
  context: LifecycleContext,
): Promise<Certificate> {
  const ca = context.platform.certificateAuthority;
  try {
    const verdict = await checkCaa(domain.name, ca, context.resolver);
    if (verdict.allowed)
      return { ...domain.certificate, status: 'issued', reasons: [], issuedAt: at, nextAttemptAt: null };
    const found = verdict.records.map(formatCaa).join(', ');
    const reason: Reason = {
      code: 'CAA_FORBIDS_ISSUANCE',
      message: `CAA record for ${verdict.relevantAt} prevents issuance: ${verdict.why}. Add a CAA record ${verdict.relevantAt} 0 issue "${ca}" (or remove the CAA records), then choose Re-verify.`,
      found: `CAA ${found} at ${verdict.relevantAt}`,
      expected: `CAA 0 issue "${ca}"`,
    };
    return { ...domain.certificate, status: 'failed', reasons: [reason], nextAttemptAt: null };
  } catch (error) {
    if (!(error instanceof DnsLookupError)) throw error;
    const retry = context.platform.certificateRetryMs;
    // The next attempt after now, on the retry grid that started at `at`.
    const next = at + Math.floor((context.now - at) / retry + 1) * retry;
    const reason: Reason = {
      code: 'CAA_LOOKUP_FAILED',
      message: `The certificate authority could not look up CAA records for ${domain.name} (${error.reason}); it retries every ${retry / 60_000} minutes. Ask your DNS provider to answer CAA queries (an empty answer is fine).`,
      found: error.reason,
      expected: 'a CAA answer (empty is fine)',
    };
    return { ...domain.certificate, reasons: [reason], nextAttemptAt: next };
  }
}

/** Rule 12: a certificate still pending 30 minutes after verification carries a troubleshooting hint. */
export function troubleshootHint(domain: Domain, now: number, platform: Platform) {
  if (domain.certificate.status !== 'pending' || domain.verifiedAt === null) return undefined;
  if (now - domain.verifiedAt < platform.troubleshootAfterMs) return undefined;
  return {
    code: 'CERTIFICATE_DELAYED' as const,
    message: `The certificate for ${domain.name} is still pending ${Math.floor((now - domain.verifiedAt) / 60_000)} minutes after verification; it normally appears within a couple of minutes.`,
    steps: [
      `Check that the DNS records still point at ${defaultDomainOf(platform, domain.projectId)} (nothing changed since verification).`,
      `Check CAA records for ${domain.name} and its parent domains: none, or one that allows "${platform.certificateAuthority}".`,
      'Make sure your DNS provider answers CAA queries (some answer SERVFAIL, which blocks issuance).',
      'Remove AAAA records that do not point at the platform.',
      'Then choose Re-verify to start a fresh verification and certificate attempt.',
    ],
  };
}
