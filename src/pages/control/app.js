// @ts-check
import { ApiError, api } from './api.js';
import { announce, byId, clockTime, h } from './shared/dom.js';
import { faultText, journalRows, MAX_ROWS, orderRows } from './views.js';

/** @typedef {import('./api.js').Order} Order */
/** @typedef {import('./api.js').FaultInput} FaultInput */

/** How often the journal, orders and clock are read again while the page is visible. */
const POLL_MS = 2000;
let pollTimer = 0;
/** The journal's filter, as a query string; set by the Filter form. */
let journalQuery = 'limit=50';
/** @type {import('./api.js').Preset[]} */
let presets = [];

/**
 * Runs an action, showing a refusal in `errorId` (the API's message says what to do), then redraws.
 *
 * @param {string} errorId
 * @param {() => Promise<string | void>} action resolves to what to announce
 */
async function act(errorId, action) {
  const error = byId(errorId, HTMLElement);
  error.textContent = '';
  try {
    const message = await action();
    if (message) announce(message);
  } catch (caught) {
    error.textContent = caught instanceof ApiError ? `${caught.code}: ${caught.message}` : String(caught);
  }
  await refresh();
}

/**
 * Wires a button that makes one API call and announces `done`; a refusal shows in `errorId`.
 *
 * @param {string} buttonId
 * @param {string} errorId
 * @param {() => Promise<unknown>} call
 * @param {string} done
 */
function wireButton(buttonId, errorId, call, done) {
  byId(buttonId, HTMLButtonElement).addEventListener(
    'click',
    () =>
      void act(errorId, async () => {
        await call();
        return done;
      }),
  );
}

async function refresh() {
  window.clearTimeout(pollTimer);
  try {
    const [orders, entries, faults, latency, clock, passthrough] = await Promise.all([
      api.listOrders(),
      api.listRequests(journalQuery),
      api.listFaults(),
      api.getLatency(),
      api.getClock(),
      api.getPassthrough(),
    ]);
    drawOrders(orders);
    byId('journal-body', HTMLElement).replaceChildren(...journalRows(entries));
    byId('journal-caption', HTMLElement).textContent =
      `${entries.length} request${entries.length === 1 ? '' : 's'}, newest first`;
    redraw(
      'faults-list',
      faults.length
        ? faults.map((rule) =>
            h(
              'li',
              { 'data-fault': rule.id },
              `${faultText(rule)} `,
              h(
                'button',
                {
                  type: 'button',
                  'aria-label': `Remove fault ${rule.id}`,
                  onclick: () =>
                    void act('faults-error', async () => {
                      await api.removeFault(rule.id);
                      return `Removed fault ${rule.id}.`;
                    }),
                },
                'Remove',
              ),
            ),
          )
        : [h('li', {}, 'No faults: every request is answered normally.')],
    );
    drawLatency(latency);
    drawPassthrough(passthrough);
    byId('clock-line', HTMLElement).replaceChildren(
      'Mock clock: ',
      h('time', { datetime: clock.now }, clockTime(clock.now)),
      ` (${clock.mode}, offset ${clock.offset})`,
    );
    byId('clock-state', HTMLElement).replaceChildren(
      h('time', { datetime: clock.now }, clock.now.replace('T', ' ').replace(/\.\d+Z$/, 'Z')),
      ` · ${clock.mode === 'manual' ? 'stands still until advanced' : 'real time'} · offset ${clock.offset}`,
    );
  } catch (error) {
    byId('orders-error', HTMLElement).textContent =
      error instanceof ApiError ? `${error.code}: ${error.message}` : String(error);
  }
  pollTimer = window.setTimeout(() => {
    if (document.visibilityState === 'visible') void refresh();
  }, POLL_MS);
}

/**
 * Replaces a list's children; polling redraws it every few seconds, so keyboard focus stays on the button
 * with the same name.
 *
 * @param {string} id
 * @param {Node[]} children
 */
function redraw(id, children) {
  const container = byId(id, HTMLElement);
  const active = document.activeElement;
  const focused = container.contains(active) ? active?.getAttribute('aria-label') : null;
  container.replaceChildren(...children);
  if (focused) {
    const again = container.querySelector(`[aria-label="${CSS.escape(focused)}"]`);
    if (again instanceof HTMLElement) again.focus();
  }
}

/** @param {Order[]} orders */
function drawOrders(orders) {
  redraw(
    'orders-body',
    orderRows(orders, {
      cancel: (order) =>
        void act('orders-error', async () => `Cancelled order ${(await api.cancelOrder(order.id)).id}.`),
      ship: (order) =>
        void act('orders-error', async () => `Shipped order ${(await api.shipOrder(order.id)).id}.`),
    }),
  );
  const shown = Math.min(orders.length, MAX_ROWS);
  byId('orders-caption', HTMLElement).textContent =
    orders.length > shown ? `${orders.length} orders (the first ${shown} shown)` : `${orders.length} orders`;
}

/** @param {import('./api.js').LatencySettings} latency */
function drawLatency(latency) {
  const input = byId('latency-global', HTMLInputElement);
  if (document.activeElement !== input) input.value = latency.global ?? '';
  byId('latency-routes', HTMLElement).replaceChildren(
    ...(latency.routes ?? []).map((route) =>
      h('li', {}, `${route.method ?? 'Any method'} ${route.path}: ${route.latency}`),
    ),
  );
}

/**
 * One checkbox per documented operation, checked when it goes to the upstream; all disabled when the mock
 * forwards nothing. The boxes are kept (not redrawn) so that a poll never takes focus from one.
 *
 * @param {import('./api.js').PassthroughSettings} settings
 */
function drawPassthrough(settings) {
  byId('passthrough-upstream', HTMLElement).replaceChildren(
    ...(settings.upstream === null
      ? [
          'Nothing is forwarded: start the mock with ',
          h('code', {}, '--passthrough URL'),
          ' to send what it does not answer to a real backend.',
        ]
      : ['Requests the mock does not answer go to ', h('code', {}, settings.upstream), '.']),
  );
  const fieldset = byId('passthrough-operations', HTMLFieldSetElement);
  fieldset.disabled = settings.upstream === null;
  for (const operation of settings.documented) {
    const id = `passthrough-${operation}`;
    let box = document.getElementById(id);
    if (!(box instanceof HTMLInputElement)) {
      box = h('input', {
        type: 'checkbox',
        id,
        value: operation,
        onchange: () => void act('passthrough-error', togglePassthrough),
      });
      fieldset.append(h('div', { class: 'check' }, box, h('label', { for: id }, operation)));
    }
    if (box instanceof HTMLInputElement) box.checked = settings.operations.includes(operation);
  }
}

/** Sends the checked operations to the upstream. */
async function togglePassthrough() {
  const boxes = byId('passthrough-operations', HTMLFieldSetElement).querySelectorAll('input:checked');
  const operations = [...boxes].map((box) => /** @type {HTMLInputElement} */ (box).value);
  const saved = await api.setPassthrough(operations);
  return saved.operations.length
    ? `${saved.operations.join(', ')} now go${saved.operations.length === 1 ? 'es' : ''} to the upstream.`
    : 'Every documented operation is answered by the mock.';
}

/** The value of an input, trimmed. @param {string} id */
const inputValue = (id) => byId(id, HTMLInputElement).value.trim();

/** @param {string} id */
const optionalNumber = (id) => (inputValue(id) === '' ? undefined : Number(inputValue(id)));

function wire() {
  byId('create-form', HTMLFormElement).addEventListener('submit', (event) => {
    event.preventDefault();
    const status = /** @type {'pending' | 'shipped' | 'cancelled'} */ (
      byId('create-status', HTMLSelectElement).value
    );
    void act('orders-error', async () => {
      const order = await api.createOrder({
        petId: Number(inputValue('create-pet')),
        quantity: Number(inputValue('create-quantity')),
        status,
      });
      return `Created order ${order.id} (${order.status}).`;
    });
  });
  wireButton('reset-button', 'orders-error', api.reset, 'The mock is back to its seed state.');
  byId('journal-form', HTMLFormElement).addEventListener('submit', (event) => {
    event.preventDefault();
    const query = new URLSearchParams();
    const method = byId('journal-method', HTMLSelectElement).value;
    if (method) query.set('method', method);
    const source = byId('journal-source', HTMLSelectElement).value;
    if (source) query.set('source', source);
    for (const [name, id] of [
      ['path', 'journal-path'],
      ['status', 'journal-status'],
      ['limit', 'journal-limit'],
    ]) {
      if (inputValue(/** @type {string} */ (id)))
        query.set(/** @type {string} */ (name), inputValue(/** @type {string} */ (id)));
    }
    journalQuery = query.toString();
    void act('journal-error', async () => 'Filtered the requests.');
  });
  wireButton('journal-clear', 'journal-error', api.clearRequests, 'Cleared the journal.');
  byId('fault-form', HTMLFormElement).addEventListener('submit', (event) => {
    event.preventDefault();
    const method = byId('fault-method', HTMLSelectElement).value;
    const fault = /** @type {FaultInput['fault']} */ (byId('fault-kind', HTMLSelectElement).value);
    /** @type {FaultInput} */
    const rule = {
      path: inputValue('fault-path'),
      fault,
      ...(method ? { method: /** @type {FaultInput['method']} */ (method) } : {}),
      ...(fault === 'status' ? { status: Number(inputValue('fault-status') || 500) } : {}),
      ...(fault === 'delay' || fault === 'dribble' ? { delay: inputValue('fault-delay') } : {}),
      ...(optionalNumber('fault-nth') === undefined ? {} : { nth: optionalNumber('fault-nth') }),
      ...(optionalNumber('fault-probability') === undefined
        ? {}
        : { probability: optionalNumber('fault-probability') }),
    };
    void act('faults-error', async () => `Added ${faultText(await api.addFault(rule))}`);
  });
  wireButton('faults-clear', 'faults-error', api.clearFaults, 'Removed every fault.');
  byId('latency-form', HTMLFormElement).addEventListener('submit', (event) => {
    event.preventDefault();
    void act('latency-error', async () => {
      const current = await api.getLatency();
      const global = inputValue('latency-global') || null;
      const saved = await api.setLatency({ global, routes: current.routes ?? [] });
      return saved.global ? `Every answer now waits ${saved.global}.` : 'No latency.';
    });
  });
  byId('preset-select', HTMLSelectElement).addEventListener('change', describePreset);
  byId('preset-form', HTMLFormElement).addEventListener('submit', (event) => {
    event.preventDefault();
    void act('preset-error', async () => {
      const { preset } = await api.applyPreset(byId('preset-select', HTMLSelectElement).value);
      return `Applied the preset ${preset.name}.`;
    });
  });
  byId('clock-form', HTMLFormElement).addEventListener('submit', (event) => {
    event.preventDefault();
    void act(
      'clock-error',
      async () => `The clock shows ${clockTime((await api.advanceClock(inputValue('clock-by'))).now)}.`,
    );
  });
}

function describePreset() {
  const chosen = presets.find((preset) => preset.name === byId('preset-select', HTMLSelectElement).value);
  byId('preset-help', HTMLElement).textContent = chosen?.description ?? '';
}

async function start() {
  wire();
  try {
    presets = await api.listPresets();
    byId('preset-select', HTMLSelectElement).replaceChildren(
      ...presets.map((preset) => h('option', { value: preset.name }, preset.name)),
    );
    describePreset();
  } catch (error) {
    byId('preset-error', HTMLElement).textContent = String(error);
  }
  await refresh();
  document.body.dataset.ready = 'true';
}

void start();
