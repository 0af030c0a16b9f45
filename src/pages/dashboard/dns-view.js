// @ts-check
import { clockTime, h, relative, slug } from './dom.js';

/** @typedef {import('./api.js').Zone} Zone */
/** @typedef {import('./api.js').ZoneRecord} ZoneRecord */

/**
 * @typedef {object} DnsActions
 * @property {(zone: Zone, record: ZoneRecord) => void} edit
 * @property {(zone: Zone, record: ZoneRecord) => void} deleteRecord
 * @property {(zone: Zone) => void} deleteZone
 */

/**
 * When resolvers see a record, in words: the point of the panel is to show propagation and caching.
 *
 * @param {ZoneRecord} record
 * @param {number} now
 */
export function visibility(record, now) {
  if (record.deletedAt) {
    if (record.hiddenAt && Date.parse(record.hiddenAt) > now) {
      return `Deleted; resolvers still see it until ${clockTime(record.hiddenAt)} (${relative(record.hiddenAt, now)})`;
    }
    return 'Deleted; no longer visible';
  }
  if (Date.parse(record.visibleAt) > now) {
    return `Not visible yet: propagating until ${clockTime(record.visibleAt)} (${relative(record.visibleAt, now)})`;
  }
  return `Visible since ${clockTime(record.visibleAt)}`;
}

/**
 * @param {readonly Zone[]} zones
 * @param {{ now: number, editing: { zone: string, id: string } | null, actions: DnsActions }} context
 */
export function renderZones(zones, { now, editing, actions }) {
  if (zones.length === 0) {
    return [
      h('p', { class: 'empty' }, 'No zones yet. Create the zone of your domain (e.g. example.com) above.'),
    ];
  }
  return zones.map((zone) => {
    const id = `zone-${slug(zone.name)}`;
    return h(
      'section',
      { class: 'zone', 'aria-labelledby': `${id}-name`, 'data-zone': zone.name },
      h(
        'div',
        { class: 'zone-head' },
        h('h3', { id: `${id}-name` }, zone.name),
        h(
          'button',
          {
            type: 'button',
            class: 'link danger',
            'data-key': `${zone.name}:delete-zone`,
            onclick: () => actions.deleteZone(zone),
          },
          'Delete zone',
          h('span', { class: 'sr-only' }, ` ${zone.name}`),
        ),
      ),
      h(
        'p',
        { class: 'help' },
        `Propagation ${zone.propagation}; ALIAS/ANAME ${zone.aliasSupport ? 'offered' : 'not offered'}`,
        zone.caaServfail ? '; CAA queries answer SERVFAIL' : '',
        '.',
      ),
      zone.records.length === 0
        ? h('p', { class: 'empty' }, 'No records.')
        : h(
            'table',
            { class: 'record-table zone-records' },
            h('caption', { class: 'sr-only' }, `Records of ${zone.name}`),
            h(
              'thead',
              {},
              h(
                'tr',
                {},
                ['Type', 'Name', 'Value', 'TTL', 'Visibility', 'Actions'].map((t) =>
                  h('th', { scope: 'col' }, t),
                ),
              ),
            ),
            h(
              'tbody',
              {},
              zone.records.map((record) => renderRecord(zone, record, now, editing, actions)),
            ),
          ),
    );
  });
}

/**
 * @param {Zone} zone
 * @param {ZoneRecord} record
 * @param {number} now
 * @param {{ zone: string, id: string } | null} editing
 * @param {DnsActions} actions
 */
function renderRecord(zone, record, now, editing, actions) {
  const deleted = Boolean(record.deletedAt);
  const visible = !deleted && Date.parse(record.visibleAt) <= now;
  const label = `${record.type} ${record.name} ${record.value}`;
  const isEditing = editing?.zone === zone.name && editing.id === record.id;
  return h(
    'tr',
    {
      class: deleted ? 'deleted' : isEditing ? 'editing' : '',
      'data-record-id': record.id,
      'data-record-type': record.type,
      'data-visible': String(visible),
    },
    h('td', { 'data-label': 'Type' }, record.type),
    h('td', { 'data-label': 'Name' }, h('code', {}, record.name)),
    h('td', { 'data-label': 'Value' }, h('code', {}, record.value)),
    h('td', { 'data-label': 'TTL' }, String(record.ttl)),
    h(
      'td',
      { 'data-label': 'Visibility', class: visible ? 'visible' : 'not-visible' },
      visibility(record, now),
    ),
    h(
      'td',
      { 'data-label': 'Actions' },
      !deleted &&
        h(
          'span',
          { class: 'row-actions' },
          linkButton('Edit', `Edit ${label}`, `${zone.name}:${record.id}:edit`, () =>
            actions.edit(zone, record),
          ),
          linkButton(
            'Delete',
            `Delete ${label}`,
            `${zone.name}:${record.id}:delete`,
            () => actions.deleteRecord(zone, record),
            'danger',
          ),
        ),
    ),
  );
}

/**
 * A button styled as a link in a row of a zone table; `data-key` keeps focus on it across re-renders.
 *
 * @param {string} text
 * @param {string} ariaLabel the full name, since several rows show the same text
 * @param {string} key
 * @param {() => void} onclick
 * @param {string} [kind] an extra class, e.g. `danger`
 */
function linkButton(text, ariaLabel, key, onclick, kind = '') {
  return h(
    'button',
    { type: 'button', class: `link ${kind}`.trim(), 'data-key': key, 'aria-label': ariaLabel, onclick },
    text,
  );
}
