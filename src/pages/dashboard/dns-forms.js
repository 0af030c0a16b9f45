// @ts-check
import { api } from './api.js';
import { announce, byId, when } from './dom.js';
import { now, run, snapshot } from './state.js';

/** @typedef {import('./api.js').RecordToCreate} RecordToCreate */
/** @typedef {import('./api.js').RecordInput} RecordInput */
/** @typedef {import('./api.js').RecordType} RecordType */
/** @typedef {import('./api.js').Zone} Zone */
/** @typedef {import('./api.js').ZoneRecord} ZoneRecord */

/** A record the user asked to create before its zone existed; filled in once the zone is created. */
/** @type {RecordInput | null} */
let pendingPrefill = null;

/** The zone record being edited in the record form (this panel's own state). */
/** @type {{ zone: string, id: string } | null} */
let editing = null;

/** The record being edited, for the zone tables to mark. */
export const editingRecord = () => editing;

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
  if (!snapshot().zones.some((z) => z.name === zone)) {
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
  editing = null;
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
    const edited = editing;
    const old =
      edited &&
      snapshot()
        .zones.find((z) => z.name === edited.zone)
        ?.records.find((r) => r.id === edited.id);
    if (edited && old) {
      const deleted = await run(() => api.deleteRecord(edited.zone, edited.id), f.error);
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
      editing = { zone: zone.name, id: record.id };
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
      if (editing?.id === record.id) stopEditing();
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
