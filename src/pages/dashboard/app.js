// @ts-check
import { ApiError, api } from './api.js';
import { renderConfig } from './config-view.js';
import { editingRecord, prefillRecord, wireDnsForms } from './dns-forms.js';
import { renderZones } from './dns-view.js';
import { announce, byId, copyText, h, replaceChildrenKeepingFocus, slug } from './dom.js';
import { CERTIFICATE_TEXT, renderDomains, STATUS_TEXT } from './domains-view.js';
import { renderClock, wireSimulation } from './simulation.js';
import { describeError, now, replaceSnapshot, run, snapshot } from './state.js';

/** @typedef {import('./api.js').Domain} Domain */
/** @typedef {import('./api.js').DomainsConfig} DomainsConfig */

let pollTimer = 0;
let lastSnapshot = '';

/**
 * What only the page knows, owned and written here alone (the server's state is the snapshot in state.js;
 * the DNS and Simulation panels keep their own).
 */
const ui = {
  projectId: '',
  /** @type {string | null} the domain whose menu is open */ openMenu: null,
  /** @type {DomainsConfig | null} an unsaved edit of the configuration */ configDraft: null,
  configError: '',
  /** @type {Map<string, string>} what was last announced per domain, to announce only changes */
  lastSeen: new Map(),
};

/**
 * Reads the project, its domains, configuration, the zones and the clock, then renders. A poll (`onlyIfChanged`)
 * re-draws only when something changed, since re-drawing unchanged lists would only move a screen reader's place.
 */
async function refresh(onlyIfChanged = false) {
  window.clearTimeout(pollTimer);
  const id = ui.projectId;
  try {
    const [project, domains, configuration, zones, clock] = await Promise.all([
      api.getProject(id),
      api.listDomains(id),
      api.getConfiguration(id),
      api.listZones(),
      // The mock controls are absent with --no-admin; the page then works without the simulation panel.
      api.getClock().catch(() => null),
    ]);
    if (id !== ui.projectId) return;
    // To the minute: relative times ("in 4 min") and record visibility are worked out from the clock.
    const minute = Math.floor((clock ? Date.parse(clock.now) : Date.now()) / 60_000);
    const snapshot = JSON.stringify([project, domains, configuration, zones, clock?.mode, minute]);
    if (!onlyIfChanged || snapshot !== lastSnapshot) {
      lastSnapshot = snapshot;
      replaceSnapshot({ project, domains, config: configuration.domains, zones, clock });
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
  const { domains, zones, clock } = snapshot();
  const transient =
    domains.some((d) => d.status === 'verifying' || d.reverifying || d.certificate.status === 'pending') ||
    zones.some((z) => z.records.some((r) => Date.parse(r.visibleAt) > now() || r.deletedAt));
  const delay = clock?.mode === 'system' && transient ? 2000 : 10_000;
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
  const { domains, config } = snapshot();
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
    renderDomains(domains, {
      config,
      now: now(),
      openMenu: ui.openMenu,
      actions: domainActions,
    }),
  );
  replaceChildrenKeepingFocus(byId('config', HTMLElement), [
    renderConfig(ui.configDraft ?? config, {
      domains,
      dirty: ui.configDraft !== null,
      error: ui.configError,
      actions: {
        edit: (draft) => {
          ui.configDraft = draft;
          render();
        },
        save: (draft) => void saveConfig(draft),
        discard: () => {
          ui.configDraft = null;
          ui.configError = '';
          render();
        },
      },
    }),
  ]);
  renderDns();
  renderClock(refresh);
}

function renderDns() {
  const { zones } = snapshot();
  replaceChildrenKeepingFocus(
    byId('zones', HTMLElement),
    renderZones(zones, { now: now(), editing: editingRecord(), actions: dnsActions }),
  );
  const select = byId('record-zone', HTMLSelectElement);
  const chosen = select.value;
  select.replaceChildren(...zones.map((zone) => h('option', { value: zone.name }, zone.name)));
  if (zones.some((zone) => zone.name === chosen)) select.value = chosen;
}

/** The DNS panel's row actions; dns-forms.js owns the panel's forms and supplies them. */
let dnsActions = /** @type {import('./dns-view.js').DnsActions} */ ({
  edit() {},
  deleteRecord() {},
  deleteZone() {},
});

function renderProject() {
  const { projects, project } = snapshot();
  const select = byId('project-select', HTMLSelectElement);
  select.replaceChildren(
    ...projects.map((p) =>
      h('option', { value: p.id, selected: p.id === ui.projectId }, `${p.name} (${p.id})`),
    ),
  );
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
  for (const domain of snapshot().domains) {
    const summary = `${STATUS_TEXT[domain.status]}; ${CERTIFICATE_TEXT[domain.certificate.status]}${
      domain.reverifying ? '; re-verifying' : ''
    }${domain.certificate.troubleshoot ? '; see the troubleshooting steps' : ''}`;
    seen.set(domain.name, summary);
    const before = ui.lastSeen.get(domain.name);
    if (before !== undefined && before !== summary) messages.push(`${domain.unicodeName}: ${summary}.`);
  }
  ui.lastSeen = seen;
  if (messages.length > 0) announce(messages.join(' '));
}

/** @param {Domain} domain @param {'verify' | 'reverify'} kind */
async function domainAction(domain, kind) {
  ui.openMenu = null;
  const done = await run(
    () => (kind === 'verify' ? api.verifyDomain : api.reverifyDomain)(ui.projectId, domain.name),
    byId('add-error', HTMLElement),
  );
  if (done) {
    const live = done.value.status === 'active' ? ', and it stays live meanwhile' : '';
    announce(
      `${kind === 'verify' ? 'Verifying' : 'Re-verifying'} ${domain.unicodeName}: checking DNS${live}.`,
    );
  }
  await refresh();
}

/** @param {string | null} name */
function toggleMenu(name) {
  ui.openMenu = name;
  render();
  if (name !== null) {
    const first = document.querySelector(`#domain-${slug(name)}-menu [role="menuitem"]`);
    if (first instanceof HTMLElement) first.focus();
  }
}

/** @param {Domain} domain */
function confirmRemove(domain) {
  ui.openMenu = null;
  render();
  const dialog = byId('remove-dialog', HTMLDialogElement);
  byId('remove-title', HTMLElement).textContent = `Remove ${domain.unicodeName}?`;
  byId('remove-text', HTMLElement).textContent =
    `${domain.unicodeName} stops being served at once and is dropped from the primary domain and redirects. ` +
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
        () => api.removeDomain(ui.projectId, domain.name),
        byId('add-error', HTMLElement),
      );
      if (done) announce(`Removed ${domain.unicodeName}. It is no longer served.`);
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
  ui.openMenu = null;
  const redirects = snapshot()
    .config.redirects.filter((r) => r.from !== domain.name)
    .map((r) => ({ ...r, to: domain.name }));
  await saveConfig({ primary: domain.name, redirects });
}

/** @param {Domain} domain */
async function redirectToPrimary(domain) {
  ui.openMenu = null;
  const { primary, redirects } = snapshot().config;
  if (primary === null) return;
  await saveConfig({ primary, redirects: [...redirects, { from: domain.name, to: primary, status: 301 }] });
}

/** @param {DomainsConfig} draft */
async function saveConfig(draft) {
  try {
    const saved = await api.putConfiguration(ui.projectId, { domains: draft });
    ui.configDraft = null;
    ui.configError = '';
    announce(
      `Saved: primary domain ${saved.domains.primary ?? 'none'}, ${saved.domains.redirects.length} redirect(s).`,
    );
  } catch (error) {
    ui.configDraft = draft;
    ui.configError = describeError(error);
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
  const added = await run(() => api.addDomain(ui.projectId, name), error);
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
    `Added ${domain.unicodeName}.` +
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
  ui.projectId = id;
  ui.configDraft = null;
  ui.configError = '';
  ui.openMenu = null;
  ui.lastSeen = new Map();
  history.replaceState(null, '', `#project=${encodeURIComponent(id)}`);
  await refresh();
}

/** Reloads the project list (after a scenario or reset) and shows `preferred` or the current project. */
async function reloadProjects(/** @type {string | undefined} */ preferred) {
  const projects = await api.listProjects();
  replaceSnapshot({ projects });
  const wanted = preferred ?? ui.projectId;
  await selectProject(projects.some((p) => p.id === wanted) ? wanted : (projects[0]?.id ?? ''));
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
    if (ui.openMenu === null) return;
    if (event.target instanceof Element && event.target.closest('.menu-wrap')) return;
    ui.openMenu = null;
    render();
  });
  dnsActions = wireDnsForms({ refresh, renderDns });
  wireSimulation({ refresh, reloadProjects, projectId: () => ui.projectId });
  const fromHash = new URLSearchParams(location.hash.slice(1)).get('project') ?? undefined;
  try {
    await reloadProjects(fromHash);
  } catch (error) {
    showFatal(error);
  }
  document.body.dataset.ready = 'true';
}

void start();
