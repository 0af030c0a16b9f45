// @ts-check
import { h, relative, slug, when } from './dom.js';
import { renderMenu } from './menu.js';

/** @typedef {import('./types.js').Domain} Domain */
/** @typedef {import('./types.js').DomainsConfig} DomainsConfig */
/** @typedef {import('./types.js').RecordToCreate} RecordToCreate */
/** @typedef {import('./types.js').Reason} Reason */

/**
 * @typedef {object} DomainActions
 * @property {(domain: Domain) => void} verify
 * @property {(domain: Domain) => void} reverify
 * @property {(domain: Domain) => void} remove
 * @property {(domain: Domain) => void} makePrimary
 * @property {(domain: Domain) => void} redirectToPrimary
 * @property {(text: string, what: string) => void} copy
 * @property {(record: RecordToCreate) => void} addAtProvider
 * @property {(name: string | null) => void} toggleMenu
 */

/** The badge text and the sentence under it, per domain status. */
export const STATUS_TEXT = {
  pending: ['Pending', 'Waiting for DNS: create the records below at your DNS provider, then choose Verify.'],
  verifying: ['Verifying', 'Checking DNS.'],
  active: ['Live', 'Verified and served.'],
  misconfigured: [
    'Invalid configuration',
    'The last DNS check failed. Fix what is listed below, then choose Verify.',
  ],
};

export const CERTIFICATE_TEXT = {
  none: ['No certificate', 'A certificate is requested automatically once the domain is verified.'],
  pending: ['Certificate pending', 'Being issued; this normally takes a couple of minutes.'],
  issued: ['Certificate issued', 'Issued and renewed automatically; there is nothing to install.'],
  failed: ['Certificate failed', 'The certificate authority refused to issue it; see why below.'],
};

/**
 * @param {readonly Domain[]} domains
 * @param {{ config: DomainsConfig, now: number, openMenu: string | null, actions: DomainActions }} context
 */
export function renderDomains(domains, context) {
  if (domains.length === 0) {
    return [
      h('p', { class: 'empty' }, 'No custom domains yet. The project is served at its default domain.'),
    ];
  }
  return domains.map((domain) => renderDomain(domain, context));
}

/**
 * @param {Domain} domain
 * @param {{ config: DomainsConfig, now: number, openMenu: string | null, actions: DomainActions }} context
 */
function renderDomain(domain, { config, now, openMenu, actions }) {
  const id = `domain-${slug(domain.name)}`;
  const [statusLabel, statusSentence] = STATUS_TEXT[domain.status];
  const [certLabel, certSentence] = CERTIFICATE_TEXT[domain.certificate.status];
  const redirect = config.redirects.find((r) => r.from === domain.name);
  const isPrimary = config.primary === domain.name;
  const verifyLabel = domain.status === 'active' ? 'Re-verify' : 'Verify';
  return h(
    'article',
    {
      class: 'domain',
      id,
      'aria-labelledby': `${id}-name`,
      'data-domain': domain.name,
      'data-status': domain.status,
    },
    h(
      'div',
      { class: 'domain-head' },
      h('h3', { id: `${id}-name`, tabindex: -1, 'data-key': `${domain.name}:heading` }, domain.name),
      isPrimary && h('span', { class: 'tag' }, 'Primary'),
      redirect && h('span', { class: 'tag' }, `Redirects to ${redirect.to} (${redirect.status})`),
      domain.apex && h('span', { class: 'tag muted' }, 'Apex'),
      h(
        'div',
        { class: 'domain-actions' },
        h(
          'button',
          {
            type: 'button',
            class: 'primary',
            'data-key': `${domain.name}:verify`,
            'aria-describedby': `${id}-status`,
            disabled: domain.status === 'verifying',
            onclick: () => (domain.status === 'active' ? actions.reverify(domain) : actions.verify(domain)),
          },
          domain.status === 'verifying' ? 'Verifying…' : verifyLabel,
        ),
        renderMenu(domain, id, openMenu === domain.name, isPrimary, config, actions),
      ),
    ),
    h(
      'p',
      { class: 'badges', id: `${id}-status` },
      h('span', { class: `badge status-${domain.status}`, 'data-badge': 'status' }, statusLabel),
      ' ',
      h('span', { class: `badge cert-${domain.certificate.status}`, 'data-badge': 'certificate' }, certLabel),
    ),
    h('p', { class: 'sentence' }, statusSentence, ' ', statusDetail(domain, now)),
    domain.reasons.length > 0 && renderReasons('Why verification failed', domain.reasons),
    domain.status === 'active' &&
      h('p', { class: 'sentence' }, certSentence, ' ', certificateDetail(domain, now)),
    domain.certificate.reasons.length > 0 &&
      renderReasons('Why the certificate is not issued', domain.certificate.reasons),
    domain.certificate.troubleshoot && renderTroubleshoot(domain.certificate.troubleshoot),
    domain.status !== 'active' && renderRecords(domain, actions),
    domain.status === 'active' &&
      h('details', {}, h('summary', {}, 'DNS records for this domain'), renderRecords(domain, actions)),
  );
}

/** @param {Domain} domain @param {number} now */
function statusDetail(domain, now) {
  if (domain.status === 'verifying' && domain.checkAt)
    return `The check completes at ${when(domain.checkAt, now)}.`;
  if (domain.status === 'active' && domain.verifiedAt) return `Verified ${relative(domain.verifiedAt, now)}.`;
  if (domain.status === 'misconfigured' && domain.checkedAt)
    return `Checked ${relative(domain.checkedAt, now)}.`;
  return `Added ${relative(domain.createdAt, now)}.`;
}

/** @param {Domain} domain @param {number} now */
function certificateDetail(domain, now) {
  const { certificate } = domain;
  if (certificate.status === 'issued' && certificate.issuedAt) {
    return `Issued by ${certificate.issuer ?? 'the platform'} at ${when(certificate.issuedAt, now)}.`;
  }
  if (certificate.status === 'pending' && certificate.nextAttemptAt) {
    return `Next attempt at ${when(certificate.nextAttemptAt, now)}.`;
  }
  if (certificate.status === 'failed') return 'Fix it, then choose Re-verify for a fresh attempt.';
  return '';
}

/** @param {string} title @param {readonly Reason[]} reasons */
function renderReasons(title, reasons) {
  return h(
    'div',
    { class: 'reasons' },
    h('h4', {}, title),
    h(
      'ul',
      {},
      reasons.map((reason) =>
        h(
          'li',
          { 'data-reason': reason.code },
          h('p', {}, reason.message),
          (reason.found !== undefined || reason.expected) &&
            h(
              'dl',
              { class: 'found-expected' },
              h('dt', {}, 'Found'),
              h('dd', {}, h('code', {}, reason.found ?? 'nothing')),
              reason.expected && [h('dt', {}, 'Expected'), h('dd', {}, h('code', {}, reason.expected))],
            ),
        ),
      ),
    ),
  );
}

/** @param {import('./types.js').Troubleshoot} hint */
function renderTroubleshoot(hint) {
  return h(
    'div',
    { class: 'troubleshoot', 'data-troubleshoot': hint.code },
    h('h4', {}, 'Troubleshooting'),
    h('p', {}, hint.message),
    h(
      'ol',
      {},
      hint.steps.map((step) => h('li', {}, step)),
    ),
  );
}

/** @param {Domain} domain @param {DomainActions} actions */
function renderRecords(domain, actions) {
  return h(
    'div',
    { class: 'records' },
    h('h4', {}, 'Records to create at your DNS provider'),
    recordTable(domain, domain.records, actions),
    domain.note && h('p', { class: 'note' }, domain.note),
    domain.alternatives &&
      domain.alternatives.length > 0 && [
        h('h4', {}, 'Alternatives where your provider has no ALIAS/ANAME'),
        recordTable(domain, domain.alternatives, actions),
      ],
  );
}

/**
 * @param {Domain} domain
 * @param {readonly RecordToCreate[]} records
 * @param {DomainActions} actions
 */
function recordTable(domain, records, actions) {
  return h(
    'table',
    { class: 'record-table' },
    h('caption', { class: 'sr-only' }, `DNS records for ${domain.name}`),
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        ['Type', 'Name', 'Value', 'TTL', ''].map((t) =>
          h('th', { scope: 'col' }, t || h('span', { class: 'sr-only' }, 'Actions')),
        ),
      ),
    ),
    h(
      'tbody',
      {},
      records.map((record) => {
        const key = `${domain.name}:${record.type}:${record.value}`;
        return h(
          'tr',
          { 'data-record': record.type },
          h('td', { 'data-label': 'Type' }, record.type === 'ALIAS' ? 'ALIAS or ANAME' : record.type),
          h(
            'td',
            { 'data-label': 'Name' },
            copyable(record.name, `name of the ${record.type} record`, `${key}:name`, actions),
          ),
          h(
            'td',
            { 'data-label': 'Value' },
            copyable(record.value, `value of the ${record.type} record`, `${key}:value`, actions),
          ),
          h('td', { 'data-label': 'TTL' }, String(record.ttl)),
          h(
            'td',
            {},
            h(
              'button',
              {
                type: 'button',
                class: 'link',
                'data-key': `${key}:add`,
                onclick: () => actions.addAtProvider(record),
              },
              'Add in DNS panel',
              h('span', { class: 'sr-only' }, `: ${record.type} ${record.name} ${record.value}`),
            ),
          ),
        );
      }),
    ),
  );
}

/** @param {string} text @param {string} what @param {string} key @param {DomainActions} actions */
function copyable(text, what, key, actions) {
  return h(
    'span',
    { class: 'copyable' },
    h('code', {}, text),
    h(
      'button',
      {
        type: 'button',
        class: 'copy',
        'data-key': key,
        'aria-label': `Copy ${what}: ${text}`,
        onclick: () => actions.copy(text, what),
      },
      'Copy',
    ),
  );
}
