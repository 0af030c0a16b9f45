// @ts-check
import { h, relative, slug, when } from './dom.js';
import { renderMenu } from './menu.js';
import { nextStep, traffic } from './next-step.js';

/** @typedef {import('./api.js').Domain} Domain */
/** @typedef {import('./api.js').DomainsConfig} DomainsConfig */
/** @typedef {import('./api.js').RecordToCreate} RecordToCreate */
/** @typedef {import('./api.js').Reason} Reason */

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

/** The badge text per domain status (the status sentence says what to do; see next-step.js). */
export const STATUS_TEXT = {
  pending: 'Pending',
  verifying: 'Verifying',
  active: 'Live',
  misconfigured: 'Invalid configuration',
};

export const CERTIFICATE_TEXT = {
  none: 'No certificate',
  pending: 'Certificate pending',
  issued: 'Certificate issued',
  failed: 'Certificate failed',
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
  const redirect = config.redirects.find((r) => r.from === domain.name);
  const isPrimary = config.primary === domain.name;
  const live = domain.status === 'active';
  const checking = domain.status === 'verifying' || domain.reverifying;
  const flow = traffic(domain, config);
  return h(
    'article',
    {
      class: 'domain',
      id,
      'aria-labelledby': `${id}-name`,
      'data-domain': domain.name,
      'data-status': domain.status,
      'data-reverifying': String(domain.reverifying),
    },
    h(
      'div',
      { class: 'domain-head' },
      h(
        'h3',
        { id: `${id}-name`, tabindex: -1, 'data-key': `${domain.name}:heading` },
        domain.unicodeName,
        // An internationalised name: DNS, Host headers and certificates use its ASCII (punycode) form.
        domain.unicodeName !== domain.name && h('span', { class: 'ascii', 'data-ascii': '' }, domain.name),
      ),
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
            disabled: checking,
            onclick: () => (live ? actions.reverify(domain) : actions.verify(domain)),
          },
          checking ? (live ? 'Re-verifying…' : 'Verifying…') : live ? 'Re-verify' : 'Verify',
        ),
        renderMenu(domain, id, openMenu === domain.name, isPrimary, config, actions),
      ),
    ),
    h(
      'p',
      { class: 'badges', id: `${id}-status` },
      h(
        'span',
        { class: `badge status-${domain.status}`, 'data-badge': 'status' },
        STATUS_TEXT[domain.status],
      ),
      ' ',
      h(
        'span',
        { class: `badge cert-${domain.certificate.status}`, 'data-badge': 'certificate' },
        CERTIFICATE_TEXT[domain.certificate.status],
      ),
      domain.reverifying && [
        ' ',
        h('span', { class: 'badge status-verifying', 'data-badge': 'reverifying' }, 'Re-verifying'),
      ],
    ),
    h('p', { class: 'next-step', 'data-next-step': '' }, h('strong', {}, 'Next: '), nextStep(domain)),
    h('p', { class: `traffic ${flow.served ? 'served' : 'not-served'}`, 'data-traffic': '' }, flow.text),
    h('p', { class: 'sentence' }, statusDetail(domain, now), ' ', live ? certificateDetail(domain, now) : ''),
    domain.reasons.length > 0 && renderReasons('Why verification failed', domain.reasons),
    domain.certificate.reasons.length > 0 &&
      renderReasons(
        domain.certificate.status === 'issued'
          ? 'Why the fresh certificate is not issued yet (the current one stays in service)'
          : 'Why the certificate is not issued',
        domain.certificate.reasons,
      ),
    domain.certificate.troubleshoot && renderTroubleshoot(domain.certificate.troubleshoot),
    !live && renderRecords(domain, actions),
    live && h('details', {}, h('summary', {}, 'DNS records for this domain'), renderRecords(domain, actions)),
  );
}

/** @param {Domain} domain @param {number} now */
function statusDetail(domain, now) {
  if ((domain.status === 'verifying' || domain.reverifying) && domain.checkAt)
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
    const renewal = certificate.nextAttemptAt
      ? ` A fresh one is requested at ${when(certificate.nextAttemptAt, now)}.`
      : '';
    return `Issued by ${certificate.issuer ?? 'the platform'} at ${when(certificate.issuedAt, now)}.${renewal}`;
  }
  if (certificate.nextAttemptAt)
    return `Next certificate attempt at ${when(certificate.nextAttemptAt, now)}.`;
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

/** @param {import('./api.js').Troubleshoot} hint */
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
    h('caption', { class: 'sr-only' }, `DNS records for ${domain.unicodeName}`),
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
