// @ts-check
import { api } from './api.js';
import { announce, byId, clockTime, h, when } from './dom.js';
import { now, run, state } from './state.js';

/** @typedef {import('./types.js').RecordToCreate} RecordToCreate */
/** @typedef {import('./types.js').RecordInput} RecordInput */
/** @typedef {import('./types.js').RecordType} RecordType */
/** @typedef {import('./types.js').Zone} Zone */
/** @typedef {import('./types.js').ZoneRecord} ZoneRecord */

/** A record the user asked to create before its zone existed; filled in once the zone is created. */
/** @type {RecordInput | null} */
let pendingPrefill = null;

const fields = () => ({
  zone: byId('record-zone', HTMLSelectElement),
  type: byId('record-type', HTMLSelectElement),
  name: byId('record-name', HTMLInputElement),
  value: byId('record-value', HTMLInputElement),
  ttl: byId('record-ttl', HTMLInputElement),
  submit: byId('record-submit', HTMLButtonElement),
  cancel: byId('record-cancel', HTMLButtonElement),
  legend: byId('record-legend', HTMLElement),
  error: byId('record-error', HTMLElement),
});

/** The zone a record to create belongs in: its full name without its relative name. @param {RecordToCreate} record */
const zoneOf = (record) => (record.name === '@' ? record.host : record.host.slice(record.name.length + 1));

/**
 * "Add in DNS panel": fills the record form with a record the dashboard asks for, or, when its zone does not
 * exist yet, the zone form first.
 *
 * @param {RecordToCreate} record
 */
export function prefillRecord(record) {
  const zone = zoneOf(record);
  const input = { type: record.type, name: record.name, value: record.value, ttl: record.ttl };
  if (!state.zones.some((z) => z.name === zone)) {
    pendingPrefill = input;
    const zoneName = byId('zone-name', HTMLInputElement);
    zoneName.value = zone;
    zoneName.focus();
    announce(`First create the zone ${zone} at the DNS provider; the record form is filled in after that.`);
    return;
  }
  fillRecordForm(zone, input);
  fields().submit.focus();
  announce(
    `The DNS panel's form now holds ${record.type} ${record.name} ${record.value}; choose Add record.`,
  );
}

/** @param {string} zone @param {RecordInput} input */
function fillRecordForm(zone, input) {
  const f = fields();
  f.zone.value = zone;
  f.type.value = input.type;
  f.name.value = input.name;
  f.value.value = input.value;
  f.ttl.value = String(input.ttl ?? 3600);
}

function stopEditing() {
  const f = fields();
  state.editing = null;
  f.legend.textContent = 'Add a record';
  f.submit.textContent = 'Add record';
  f.cancel.hidden = true;
  f.zone.disabled = false;
  f.name.value = '';
  f.value.value = '';
}

/**
 * Wires the DNS panel's zone and record forms; returns the actions of the rows of the zone tables.
 * Editing a record is a delete followed by an add (the API has no update), so the change propagates again,
 * as it would at a real provider; if the add is refused, the old record is put back.
 *
 * @param {{ refresh: () => Promise<void>, renderDns: () => void }} page
 * @returns {import('./dns-view.js').DnsActions}
 */
export function wireDnsForms({ refresh, renderDns }) {
  byId('zone-form', HTMLFormElement).addEventListener('submit', async (event) => {
    event.preventDefault();
    const name = byId('zone-name', HTMLInputElement).value.trim();
    const propagation = byId('zone-propagation', HTMLInputElement).value.trim();
    const created = await run(
      () =>
        api.createZone({
          name,
          ...(propagation ? { propagation } : {}),
          aliasSupport: byId('zone-alias', HTMLInputElement).checked,
          caaServfail: byId('zone-caa-servfail', HTMLInputElement).checked,
        }),
      byId('zone-error', HTMLElement),
    );
    if (!created) return;
    byId('zone-name', HTMLInputElement).value = '';
    announce(`Created the zone ${created.value.name}; changes propagate in ${created.value.propagation}.`);
    await refresh();
    fields().zone.value = created.value.name;
    if (pendingPrefill) {
      fillRecordForm(created.value.name, pendingPrefill);
      pendingPrefill = null;
      fields().submit.focus();
    } else fields().name.focus();
  });

  byId('record-form', HTMLFormElement).addEventListener('submit', async (event) => {
    event.preventDefault();
    const f = fields();
    const zone = f.zone.value;
    /** @type {RecordInput} */
    const input = {
      type: /** @type {RecordType} */ (f.type.value),
      name: f.name.value.trim(),
      value: f.value.value.trim(),
      ttl: Number(f.ttl.value || 3600),
    };
    if (!zone) {
      f.error.textContent = 'Create a zone first.';
      return;
    }
    const editing = state.editing;
    const old =
      editing && state.zones.find((z) => z.name === editing.zone)?.records.find((r) => r.id === editing.id);
    if (editing && old) {
      const deleted = await run(() => api.deleteRecord(editing.zone, editing.id), f.error);
      if (!deleted) return;
    }
    const added = await run(() => api.addRecord(zone, input), f.error);
    if (!added) {
      if (old) {
        const message = f.error.textContent;
        await run(
          () => api.addRecord(zone, { type: old.type, name: old.name, value: old.value, ttl: old.ttl }),
          f.error,
        );
        f.error.textContent = `${message} The previous record was put back.`;
      }
      await refresh();
      return;
    }
    const record = added.value;
    stopEditing();
    announce(
      `${old ? 'Saved' : 'Added'} ${record.type} ${record.host} ${record.value}. Resolvers see it at ${when(record.visibleAt, now())}.`,
    );
    await refresh();
    f.name.focus();
  });

  fields().cancel.addEventListener('click', () => {
    stopEditing();
    renderDns();
    fields().name.focus();
  });

  return {
    edit(zone, record) {
      const f = fields();
      state.editing = { zone: zone.name, id: record.id };
      fillRecordForm(zone.name, record);
      f.zone.disabled = true;
      f.legend.textContent = `Edit ${record.type} ${record.host}`;
      f.submit.textContent = 'Save record';
      f.cancel.hidden = false;
      renderDns();
      f.value.focus();
    },
    async deleteRecord(zone, record) {
      const done = await run(() => api.deleteRecord(zone.name, record.id), fields().error);
      if (done) announce(`Deleted ${record.type} ${record.host}. Resolvers may still see it for its TTL.`);
      if (state.editing?.id === record.id) stopEditing();
      await refresh();
      byId('dns-heading', HTMLElement).focus();
    },
    async deleteZone(zone) {
      const done = await run(() => api.deleteZone(zone.name), fields().error);
      if (done) announce(`Deleted the zone ${zone.name}; its names stop resolving.`);
      await refresh();
      byId('dns-heading', HTMLElement).focus();
    },
  };
}

const STEPS = [
  ['1m', '+1 min'],
  ['5m', '+5 min'],
  ['30m', '+30 min'],
  ['1h', '+1 h'],
  ['1d', '+1 day'],
];

/**
 * The mock's clock and, when it is manual (time moves only when told), the buttons that move it.
 *
 * @param {() => Promise<void>} refresh
 */
export function renderClock(refresh) {
  const container = byId('clock', HTMLElement);
  const clock = state.clock;
  if (!clock) return;
  const manual = clock.mode === 'manual';
  const moved =
    clock.offset && clock.offset !== '0s' && clock.offset !== '0ms' ? `, moved on by ${clock.offset}` : '';
  const time = h(
    'p',
    { class: 'clock-time', 'data-mode': clock.mode },
    h('strong', {}, manual ? 'Manual clock: ' : 'Clock: '),
    h('time', { datetime: clock.now }, `${clock.now.slice(0, 10)} ${clockTime(clock.now)}`),
    manual ? `${moved}. Time moves only when you advance it.` : ` (real time${moved}).`,
  );
  if (!manual) {
    if (!container.querySelector('form')) container.replaceChildren(time);
    else container.firstElementChild?.replaceWith(time);
    return;
  }
  const existing = container.querySelector('form');
  if (existing) {
    container.firstElementChild?.replaceWith(time);
    return;
  }
  const error = h('p', { class: 'error', role: 'alert' });
  /** @param {string} by */
  const advance = async (by) => {
    const moved = await run(() => api.advanceClock(by), error);
    if (!moved) return;
    announce(`Clock advanced by ${by}; it is now ${clockTime(moved.value.now)}.`);
    await refresh();
  };
  const custom = h('input', {
    id: 'clock-by',
    type: 'text',
    value: '2m',
    size: 6,
    'aria-describedby': 'clock-by-help',
  });
  const form = h(
    'form',
    {
      class: 'inline-form',
      'aria-label': 'Advance the clock',
      onsubmit: (/** @type {SubmitEvent} */ event) => {
        event.preventDefault();
        void advance(custom.value.trim());
      },
    },
    h(
      'div',
      { class: 'row', role: 'group', 'aria-label': 'Advance the clock by' },
      STEPS.map(([by, label]) =>
        h(
          'button',
          {
            type: 'button',
            'aria-label': `Advance the clock by ${by}`,
            onclick: () => void advance(by ?? ''),
          },
          label,
        ),
      ),
    ),
    h('label', { for: 'clock-by' }, 'Advance by'),
    custom,
    h('button', { type: 'submit' }, 'Advance'),
    h('p', { id: 'clock-by-help', class: 'help' }, 'A duration such as 90s, 5m or 1h30m.'),
    error,
  );
  container.replaceChildren(time, form);
}

/**
 * The mock controls: plan, deploys, scenarios and reset. They change the simulation directly, standing for
 * what happens outside Project settings (billing, a deploy).
 *
 * @param {{ refresh: () => Promise<void>, reloadProjects: (preferred?: string) => Promise<void> }} page
 */
export function wireSimulation({ refresh, reloadProjects }) {
  const error = byId('sim-error', HTMLElement);
  byId('plan-form', HTMLFormElement).addEventListener('submit', async (event) => {
    event.preventDefault();
    const plan = byId('plan-select', HTMLSelectElement).value;
    const done = await run(() => api.setPlan(state.projectId, plan), error);
    if (done) announce(`${done.value.name} is now on the ${plan} plan.`);
    await refresh();
  });
  for (const [id, status] of /** @type {const} */ ([
    ['deploy-ok', 'succeeded'],
    ['deploy-failed', 'failed'],
  ])) {
    byId(id, HTMLButtonElement).addEventListener('click', async () => {
      const done = await run(() => api.recordDeploy(state.projectId, status), error);
      if (done)
        announce(
          `Recorded a ${status === 'succeeded' ? 'successful' : 'failed'} deploy of ${done.value.name}.`,
        );
      await refresh();
    });
  }
  const select = byId('scenario-select', HTMLSelectElement);
  const help = byId('scenario-help', HTMLElement);
  const describe = () => {
    const scenario = state.scenarios.find((s) => s.name === select.value);
    help.textContent = scenario ? `${scenario.description} States: ${scenario.states.join(', ')}.` : '';
  };
  select.addEventListener('change', describe);
  void api
    .listScenarios()
    .then((scenarios) => {
      state.scenarios = scenarios;
      select.replaceChildren(...scenarios.map((s) => h('option', { value: s.name }, s.name)));
      describe();
    })
    .catch(() => {
      byId('scenario-form', HTMLFormElement).hidden = true;
    });
  byId('scenario-form', HTMLFormElement).addEventListener('submit', async (event) => {
    event.preventDefault();
    const loaded = await run(() => api.loadScenario(select.value), error);
    if (!loaded) return;
    const { scenario, domains } = loaded.value;
    announce(`Loaded the scenario ${scenario.name}: ${domains.length} domain(s).`);
    await reloadProjects(domains[0]?.projectId);
  });
  byId('reset-button', HTMLButtonElement).addEventListener('click', async () => {
    const done = await run(() => api.reset(), error);
    if (done) announce('The dashboard is back to its seed: no domains, no zones.');
    await reloadProjects();
  });
}
