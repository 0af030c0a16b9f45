// @ts-check
import { clockTime, h } from './shared/dom.js';

/** @typedef {import('./api.js').Order} Order */
/** @typedef {import('./api.js').JournalEntry} JournalEntry */
/** @typedef {import('./api.js').FaultRule} FaultRule */

/** Rows drawn at most: the `large` preset has 10,000 orders. */
export const MAX_ROWS = 200;

/**
 * A pending order's action button, named for screen readers with the order it acts on.
 *
 * @param {'Ship' | 'Cancel'} label
 * @param {Order} order
 * @param {(order: Order) => void} action
 */
function orderButton(label, order, action) {
  return h(
    'button',
    { type: 'button', 'aria-label': `${label} order ${order.id}`, onclick: () => action(order) },
    label,
  );
}

/**
 * @param {Order[]} orders
 * @param {{ cancel(order: Order): void, ship(order: Order): void }} actions
 */
export function orderRows(orders, actions) {
  return orders
    .slice(0, MAX_ROWS)
    .map((order) =>
      h(
        'tr',
        { 'data-order': order.id, 'data-status': order.status },
        h('td', {}, order.id),
        h('td', {}, order.petId),
        h('td', {}, order.quantity),
        h('td', {}, h('time', { datetime: order.shipDate }, order.shipDate.slice(0, 16).replace('T', ' '))),
        h('td', {}, h('span', { class: `tag status-${order.status}` }, order.status)),
        h(
          'td',
          { class: 'actions' },
          order.status === 'pending' ? orderButton('Ship', order, actions.ship) : '',
          order.status === 'pending' ? orderButton('Cancel', order, actions.cancel) : '',
        ),
      ),
    );
}

/** @param {JournalEntry[]} entries newest last, as the API gives them; drawn newest first */
export function journalRows(entries) {
  return [...entries]
    .reverse()
    .map((entry) =>
      h(
        'tr',
        { 'data-status': entry.status },
        h('td', {}, h('time', { datetime: entry.time }, clockTime(entry.time))),
        h('td', {}, entry.method),
        h('td', {}, h('code', {}, entry.query ? `${entry.path}?${entry.query}` : entry.path)),
        h(
          'td',
          {},
          h(
            'span',
            { class: `tag ${statusClass(entry.status)}` },
            entry.status === 0 ? (entry.source === 'upstream' ? 'sent on' : 'no answer') : entry.status,
          ),
        ),
        h('td', {}, entry.source === 'upstream' ? 'upstream' : 'mock'),
      ),
    );
}

/** @param {number} status */
const statusClass = (status) => (status === 0 || status >= 500 ? 'bad' : status >= 400 ? 'warn' : 'ok');

/** @param {FaultRule} rule */
export function faultText(rule) {
  const what =
    rule.fault === 'status'
      ? `answer ${rule.status ?? 500}`
      : rule.fault === 'delay' || rule.fault === 'dribble'
        ? `${rule.fault} ${rule.delay ?? '1s'}`
        : rule.fault;
  const when = [
    rule.nth === undefined ? '' : `only request #${rule.nth}`,
    rule.probability === undefined ? '' : `with probability ${rule.probability}`,
  ]
    .filter(Boolean)
    .join(', ');
  return `${rule.method ?? 'Any method'} ${rule.path}: ${what}${when ? ` (${when})` : ''}. Matched ${rule.matched}, failed ${rule.fired}.`;
}
