// @ts-check

/** @typedef {import('./api.js').Domain} Domain */
/** @typedef {import('./api.js').DomainsConfig} DomainsConfig */

/**
 * What the user must do next, one sentence per state, from the seed's troubleshooting rules: DNS changes take
 * up to 48 hours to propagate (often minutes); the certificate appears within a couple of minutes, and the
 * troubleshooting steps apply after 30; an existing A record blocks the CNAME; a CAA record must allow the CA.
 *
 * @param {Domain} domain
 * @returns {string}
 */
export function nextStep(domain) {
  const { certificate } = domain;
  if (domain.reverifying) {
    return 'Nothing to do: the domain stays live with its current certificate while the fresh check runs; only its outcome changes the state.';
  }
  if (domain.status === 'pending') {
    return `Create the ${recordWords(domain)} below at your DNS provider, then choose Verify; DNS changes can take up to 48 hours to propagate (often minutes).`;
  }
  if (domain.status === 'verifying')
    return 'Nothing to do: DNS is being checked, and the result shows here when the check completes.';
  if (domain.status === 'misconfigured') return fixStep(domain);
  if (certificate.status === 'issued') {
    return 'Nothing to do: the domain is live and its certificate is issued and renewed automatically.';
  }
  if (certificate.status === 'failed') {
    return `Add a CAA record that allows ${certificate.issuer ?? 'the platform’s certificate authority'} (or remove the CAA records), then choose Re-verify.`;
  }
  if (certificate.troubleshoot) {
    return 'The certificate is still missing 30 minutes after verification: follow the troubleshooting steps below, then choose Re-verify.';
  }
  return 'Nothing to do yet: the certificate normally appears within a couple of minutes; if it is still missing 30 minutes after verification, troubleshooting steps appear here.';
}

/** @param {Domain} domain */
function fixStep(domain) {
  const code = domain.reasons[0]?.code;
  const record = domain.records[0];
  switch (code) {
    case 'CONFLICTING_A_RECORD':
    case 'CONFLICTING_AAAA_RECORD':
      return `Delete the ${code === 'CONFLICTING_A_RECORD' ? 'A' : 'AAAA'} record "${record?.name}" at your DNS provider (it blocks the CNAME), add the CNAME below, then choose Verify.`;
    case 'CNAME_TARGET_MISMATCH':
      return `Change the CNAME's value to exactly ${record?.value}, then choose Verify.`;
    case 'APEX_CNAME_NOT_ALLOWED':
    case 'APEX_NOT_ALIASED':
      return 'Use an ALIAS or ANAME record at @ (not every DNS provider offers them; otherwise the A/AAAA alternatives below) and delete other A/AAAA records, then choose Verify.';
    case 'DNS_NOT_PROPAGATED':
      return 'Wait for the record to propagate (up to 48 hours, often minutes), then choose Verify.';
    case 'DNS_LOOKUP_FAILED':
      return 'Choose Verify again in a few minutes: the DNS provider did not answer, which is usually temporary.';
    default:
      return `Create the ${recordWords(domain)} below at your DNS provider, then choose Verify; DNS changes can take up to 48 hours to propagate (often minutes).`;
  }
}

/** @param {Domain} domain */
function recordWords(domain) {
  return domain.apex ? 'ALIAS or ANAME record' : 'CNAME record';
}

/**
 * What happens to requests for the domain, so that the one rule (served exactly while active) is visible.
 *
 * @param {Domain} domain
 * @param {DomainsConfig} config
 * @returns {{ served: boolean, text: string }}
 */
export function traffic(domain, config) {
  const name = domain.unicodeName;
  if (domain.status === 'misconfigured') {
    return {
      served: false,
      text: `Not served: requests for ${name} answer 404 DOMAIN_MISCONFIGURED until a verification succeeds (a failed re-verification stops serving too).`,
    };
  }
  if (domain.status !== 'active') {
    return { served: false, text: `Not served yet: requests for ${name} answer 404 DOMAIN_NOT_VERIFIED.` };
  }
  const redirect = config.redirects.find((r) => r.from === domain.name);
  const how = redirect ? `redirected (${redirect.status}) to ${redirect.to}` : 'served';
  return {
    served: true,
    text: `Served: requests for ${name} are ${how}${domain.reverifying ? ', throughout the re-verification' : ''}.`,
  };
}
