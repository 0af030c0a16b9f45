// @ts-check
import { ApiError, api } from './api.js';
import { renderConfig } from './config-view.js';
import { prefillRecord, wireDnsForms } from './dns-forms.js';
import { renderZones } from './dns-view.js';
import { announce, byId, copyText, h, replaceChildrenKeepingFocus, slug } from './dom.js';
import { CERTIFICATE_TEXT, renderDomains, STATUS_TEXT } from './domains-view.js';
import { renderClock, wireSimulation } from './simulation.js';
import { describeError, now, run, state } from './state.js';

/** @typedef {import('./types.js').Domain} Domain */
/** @typedef {import('./types.js').DomainsConfig} DomainsConfig */

let pollTimer = 0;
let lastSnapshot = '';

/**
 * Reads the project, its domains, configuration, the zones and the clock, then renders. A poll (`onlyIfChanged`)
 * re-draws only when something changed, since re-drawing unchanged lists would only move a screen reader's place.
 */
async function refresh(onlyIfChanged = false) {
  window.clearTimeout(pollTimer);
  const id = state.projectId;
  try {
    const [project, domains, configuration, zones, clock] = await Promise.all([
      api.getProject(id),
      api.listDomains(id),
      api.getConfiguration(id),
      api.listZones(),
      // The mock controls are absent with --no-admin; the page then works without the simulation panel.
      api.getClock().catch(() => null),
    ]);
    if (id !== state.projectId) return;
    // To the minute: relative times ("in 4 min") and record visibility are worked out from the clock.
    const minute = Math.floor((clock ? Date.parse(clock.now) : Date.now()) / 60_000);
    const snapshot = JSON.stringify([project, domains, configuration, zones, clock?.mode, minute]);
    if (!onlyIfChanged || snapshot !== lastSnapshot) {
      lastSnapshot = snapshot;
      Object.assign(state, { project, domains, config: configuration.domains, zones, clock });
      render();
      announceChanges();
    }
  } catch (error) {
    showFatal(error);
  }
  schedulePoll();
}

/** With the system clock, transitions happen on their own: poll faster while one is due. */
function schedulePoll() {
  const transient =
    state.domains.some((d) => d.status === 'verifying' || d.certificate.status === 'pending') ||
    state.zones.some((z) => z.records.some((r) => Date.parse(r.visibleAt) > now() || r.deletedAt));
  const delay = state.clock?.mode === 'system' && transient ? 2000 : 10_000;
  pollTimer = window.setTimeout(() => {
    if (document.visibilityState === 'visible') void refresh(true);
    else schedulePoll();
  }, delay);
}

/** @param {unknown} error */
function showFatal(error) {
  const banner = byId('refusal', HTMLElement);
  banner.hidden = false;
  banner.className = 'refusal fatal';
  banner.textContent =
    error instanceof ApiError
      ? `The dashboard API answered ${error.status} ${error.code}: ${error.message}`
      : `The dashboard API could not be read: ${String(error)}`;
}

function render() {
  renderProject();
  const domainActions = {
    verify: (/** @type {Domain} */ d) => domainAction(d, 'verify'),
    reverify: (/** @type {Domain} */ d) => domainAction(d, 'reverify'),
    remove: confirmRemove,
    makePrimary,
    redirectToPrimary,
    copy: (/** @type {string} */ text, /** @type {string} */ what) =>
      void copyText(text).then(() => announce(`Copied the ${what}: ${text}`)),
    addAtProvider: prefillRecord,
    toggleMenu,
  };
  replaceChildrenKeepingFocus(
    byId('domain-list', HTMLElement),
    renderDomains(state.domains, {
      config: state.config,
      now: now(),
      openMenu: state.openMenu,
      actions: domainActions,
    }),
  );
  replaceChildrenKeepingFocus(byId('config', HTMLElement), [
    renderConfig(state.configDraft ?? state.config, {
      domains: state.domains,
      dirty: state.configDraft !== null,
      error: state.configError,
      actions: {
        edit: (draft) => {
          state.configDraft = draft;
          render();
        },
        save: (draft) => void saveConfig(draft),
        discard: () => {
          state.configDraft = null;
          state.configError = '';
          render();
        },
      },
    }),
  ]);
  renderDns();
  renderClock(refresh);
}

function renderDns() {
  replaceChildrenKeepingFocus(
    byId('zones', HTMLElement),
    renderZones(state.zones, { now: now(), editing: state.editing, actions: dnsActions }),
  );
  const select = byId('record-zone', HTMLSelectElement);
  const chosen = select.value;
  select.replaceChildren(...state.zones.map((zone) => h('option', { value: zone.name }, zone.name)));
  if (state.zones.some((zone) => zone.name === chosen)) select.value = chosen;
}

/** The DNS panel's row actions; dns-forms.js owns the panel's forms and supplies them. */
let dnsActions = /** @type {import('./dns-view.js').DnsActions} */ ({
  edit() {},
  deleteRecord() {},
  deleteZone() {},
});

function renderProject() {
  const select = byId('project-select', HTMLSelectElement);
  select.replaceChildren(
    ...state.projects.map((p) =>
      h('option', { value: p.id, selected: p.id === state.projectId }, `${p.name} (${p.id})`),
    ),
  );
  const project = state.project;
  if (!project) return;
  const last = project.deploys.at(-1);
  byId('project-summary', HTMLElement).replaceChildren(
    h(
      'span',
      { class: `tag plan-${project.plan}` },
      `${project.plan[0]?.toUpperCase()}${project.plan.slice(1)} plan`,
    ),
    ' ',
    h(
      'span',
      { class: `tag deploy-${last?.status ?? 'none'}` },
      last ? `Last deploy ${last.status}` : 'Never deployed',
    ),
    ' Always served at ',
    h('code', {}, project.defaultDomain),
  );
  byId('plan-select', HTMLSelectElement).value = project.plan;
  const banner = byId('refusal', HTMLElement);
  const blocked = !project.customDomains.allowed;
  banner.hidden = !blocked;
  banner.className = 'refusal';
  banner.replaceChildren(
    ...(blocked
      ? [
          h('strong', {}, 'You cannot add domains to this project yet. '),
          project.customDomains.message ?? '',
          ' ',
          h('span', { class: 'help' }, `(${project.customDomains.code}; change it under Simulation.)`),
        ]
      : []),
  );
  banner.dataset.code = project.customDomains.code ?? '';
  for (const id of ['add-name', 'add-button']) {
    const control = byId(id, HTMLElement);
    if (blocked) control.setAttribute('aria-disabled', 'true');
    else control.removeAttribute('aria-disabled');
  }
  byId('add-name', HTMLInputElement).disabled = blocked;
  byId('add-button', HTMLButtonElement).disabled = blocked;
}

/** Announces each domain whose status or certificate changed since the last refresh. */
function announceChanges() {
  const messages = [];
  const seen = new Map();
  for (const domain of state.domains) {
    const summary = `${STATUS_TEXT[domain.status][0]}; ${CERTIFICATE_TEXT[domain.certificate.status][0]}${
      domain.certificate.troubleshoot ? '; see the troubleshooting steps' : ''
    }`;
    seen.set(domain.name, summary);
    const before = state.lastSeen.get(domain.name);
    if (before !== undefined && before !== summary) messages.push(`${domain.name}: ${summary}.`);
  }
  state.lastSeen = seen;
  if (messages.length > 0) announce(messages.join(' '));
}

/** @param {Domain} domain @param {'verify' | 'reverify'} kind */
async function domainAction(domain, kind) {
  state.openMenu = null;
  const done = await run(
    () => (kind === 'verify' ? api.verifyDomain : api.reverifyDomain)(state.projectId, domain.name),
    byId('add-error', HTMLElement),
  );
  if (done) announce(`${kind === 'verify' ? 'Verifying' : 'Re-verifying'} ${domain.name}: checking DNS.`);
  await refresh();
}

/** @param {string | null} name */
function toggleMenu(name) {
  state.openMenu = name;
  render();
  if (name !== null) {
    const first = document.querySelector(`#domain-${slug(name)}-menu [role="menuitem"]`);
    if (first instanceof HTMLElement) first.focus();
  }
}

/** @param {Domain} domain */
function confirmRemove(domain) {
  state.openMenu = null;
  render();
  const dialog = byId('remove-dialog', HTMLDialogElement);
  byId('remove-title', HTMLElement).textContent = `Remove ${domain.name}?`;
  byId('remove-text', HTMLElement).textContent =
    `${domain.name} stops being served at once and is dropped from the primary domain and redirects. ` +
    'You can add it again later.';
  dialog.returnValue = '';
  dialog.addEventListener(
    'close',
    async () => {
      if (dialog.returnValue !== 'remove') {
        focusMenuButton(domain.name);
        return;
      }
      const done = await run(
        () => api.removeDomain(state.projectId, domain.name),
        byId('add-error', HTMLElement),
      );
      if (done) announce(`Removed ${domain.name}. It is no longer served.`);
      await refresh();
      byId('domains-heading', HTMLElement).focus();
    },
    { once: true },
  );
  dialog.showModal();
  byId('remove-cancel', HTMLButtonElement).focus();
}

/** @param {string} name */
function focusMenuButton(name) {
  document.getElementById(`domain-${slug(name)}-menu-button`)?.focus();
}

/** @param {Domain} domain */
async function makePrimary(domain) {
  state.openMenu = null;
  const redirects = state.config.redirects
    .filter((r) => r.from !== domain.name)
    .map((r) => ({ ...r, to: domain.name }));
  await saveConfig({ primary: domain.name, redirects });
}

/** @param {Domain} domain */
async function redirectToPrimary(domain) {
  state.openMenu = null;
  const { primary, redirects } = state.config;
  if (primary === null) return;
  await saveConfig({ primary, redirects: [...redirects, { from: domain.name, to: primary, status: 301 }] });
}

/** @param {DomainsConfig} draft */
async function saveConfig(draft) {
  try {
    const saved = await api.putConfiguration(state.projectId, { domains: draft });
    state.config = saved.domains;
    state.configDraft = null;
    state.configError = '';
    announce(
      `Saved: primary domain ${saved.domains.primary ?? 'none'}, ${saved.domains.redirects.length} redirect(s).`,
    );
  } catch (error) {
    state.configDraft = draft;
    state.configError = describeError(error);
  }
  await refresh();
}

async function addDomain() {
  const input = byId('add-name', HTMLInputElement);
  const error = byId('add-error', HTMLElement);
  const name = input.value.trim();
  if (name === '') {
    error.textContent = 'Enter a domain such as www.example.com.';
    input.focus();
    return;
  }
  const added = await run(() => api.addDomain(state.projectId, name), error);
  if (!added) {
    input.setAttribute('aria-invalid', 'true');
    input.focus();
    return;
  }
  const domain = added.value;
  input.removeAttribute('aria-invalid');
  input.value = '';
  const record = domain.records[0];
  announce(
    `Added ${domain.name}.` +
      (record
        ? ` At your DNS provider, create ${record.type} ${record.name} with value ${record.value}.`
        : '') +
      ' Then choose Verify.',
  );
  await refresh();
  document.getElementById(`domain-${slug(domain.name)}-name`)?.focus();
}

/** @param {string} id */
async function selectProject(id) {
  state.projectId = id;
  state.configDraft = null;
  state.configError = '';
  state.openMenu = null;
  state.lastSeen = new Map();
  history.replaceState(null, '', `#project=${encodeURIComponent(id)}`);
  await refresh();
}

/** Reloads the project list (after a scenario or reset) and shows `preferred` or the current project. */
async function reloadProjects(/** @type {string | undefined} */ preferred) {
  state.projects = await api.listProjects();
  const wanted = preferred ?? state.projectId;
  await selectProject(state.projects.some((p) => p.id === wanted) ? wanted : (state.projects[0]?.id ?? ''));
}

async function start() {
  byId('add-form', HTMLFormElement).addEventListener('submit', (event) => {
    event.preventDefault();
    void addDomain();
  });
  byId('project-select', HTMLSelectElement).addEventListener('change', (event) => {
    void selectProject(/** @type {HTMLSelectElement} */ (event.target).value);
  });
  document.addEventListener('click', (event) => {
    if (state.openMenu === null) return;
    if (event.target instanceof Element && event.target.closest('.menu-wrap')) return;
    state.openMenu = null;
    render();
  });
  dnsActions = wireDnsForms({ refresh, renderDns });
  wireSimulation({ refresh, reloadProjects });
  const fromHash = new URLSearchParams(location.hash.slice(1)).get('project') ?? undefined;
  try {
    await reloadProjects(fromHash);
  } catch (error) {
    showFatal(error);
  }
  document.body.dataset.ready = 'true';
}

void start();
