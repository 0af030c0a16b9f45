// @ts-check
import { ApiError, api } from './api.js';
import { $, announce, clockTime, el, inputValue } from './dom.js';
import { faultText, journalRows, MAX_ROWS, orderRows } from './views.js';

/** @typedef {import('./api.js').Order} Order */
/** @typedef {import('./api.js').FaultInput} FaultInput */

/** How often the journal, orders and clock are read again while the page is visible. */
const POLL_MS = 2000;
let pollTimer = 0;
/** The journal's filter, as a query string; set by the Filter form. */
let journalQuery = 'limit=50';
/** @type {import('./api.js').Scenario[]} */
let scenarios = [];

/**
 * Runs an action, showing a refusal in `errorId` (the API's message says what to do), then redraws.
 *
 * @param {string} errorId
 * @param {() => Promise<string | void>} action resolves to what to announce
 */
async function act(errorId, action) {
  const error = $(errorId, HTMLElement);
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
  $(buttonId, HTMLButtonElement).addEventListener(
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
    const [orders, entries, faults, latency, clock] = await Promise.all([
      api.listOrders(),
      api.listRequests(journalQuery),
      api.listFaults(),
      api.getLatency(),
      api.getClock(),
    ]);
    drawOrders(orders);
    $('journal-body', HTMLElement).replaceChildren(...journalRows(entries));
    $('journal-caption', HTMLElement).textContent =
      `${entries.length} request${entries.length === 1 ? '' : 's'}, newest first`;
    $('faults-list', HTMLElement).replaceChildren(
      ...(faults.length
        ? faults.map((rule) => el('li', { 'data-fault': rule.id }, faultText(rule)))
        : [el('li', {}, 'No faults: every request is answered normally.')]),
    );
    drawLatency(latency);
    $('clock-line', HTMLElement).replaceChildren(
      'Mock clock: ',
      el('time', { datetime: clock.now }, clockTime(clock.now)),
      ` (${clock.mode}, offset ${clock.offset})`,
    );
    $('clock-state', HTMLElement).replaceChildren(
      el('time', { datetime: clock.now }, clock.now.replace('T', ' ').replace(/\.\d+Z$/, 'Z')),
      ` · ${clock.mode === 'manual' ? 'stands still until advanced' : 'real time'} · offset ${clock.offset}`,
    );
  } catch (error) {
    $('orders-error', HTMLElement).textContent =
      error instanceof ApiError ? `${error.code}: ${error.message}` : String(error);
  }
  pollTimer = window.setTimeout(() => {
    if (document.visibilityState === 'visible') void refresh();
  }, POLL_MS);
}

/** @param {Order[]} orders */
function drawOrders(orders) {
  const active = document.activeElement;
  const focused = $('orders-body', HTMLElement).contains(active) ? active?.getAttribute('aria-label') : null;
  $('orders-body', HTMLElement).replaceChildren(
    ...orderRows(orders, {
      cancel: (order) =>
        void act('orders-error', async () => `Cancelled order ${(await api.cancelOrder(order.id)).id}.`),
      ship: (order) =>
        void act('orders-error', async () => `Shipped order ${(await api.shipOrder(order.id)).id}.`),
    }),
  );
  const shown = Math.min(orders.length, MAX_ROWS);
  $('orders-caption', HTMLElement).textContent =
    orders.length > shown ? `${orders.length} orders (the first ${shown} shown)` : `${orders.length} orders`;
  // Polling redraws the rows: keep keyboard focus on the same button.
  if (focused) {
    const again = document.querySelector(`#orders-body [aria-label="${CSS.escape(focused)}"]`);
    if (again instanceof HTMLElement) again.focus();
  }
}

/** @param {import('./api.js').LatencySettings} latency */
function drawLatency(latency) {
  const input = $('latency-global', HTMLInputElement);
  if (document.activeElement !== input) input.value = latency.global ?? '';
  $('latency-routes', HTMLElement).replaceChildren(
    ...(latency.routes ?? []).map((route) =>
      el('li', {}, `${route.method ?? 'Any method'} ${route.path}: ${route.latency}`),
    ),
  );
}

/** @param {string} id */
const optionalNumber = (id) => (inputValue(id) === '' ? undefined : Number(inputValue(id)));

function wire() {
  $('create-form', HTMLFormElement).addEventListener('submit', (event) => {
    event.preventDefault();
    const status = /** @type {'pending' | 'shipped' | 'cancelled'} */ (
      $('create-status', HTMLSelectElement).value
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
  $('journal-form', HTMLFormElement).addEventListener('submit', (event) => {
    event.preventDefault();
    const query = new URLSearchParams();
    const method = $('journal-method', HTMLSelectElement).value;
    if (method) query.set('method', method);
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
  $('fault-form', HTMLFormElement).addEventListener('submit', (event) => {
    event.preventDefault();
    const method = $('fault-method', HTMLSelectElement).value;
    const fault = /** @type {FaultInput['fault']} */ ($('fault-kind', HTMLSelectElement).value);
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
  $('latency-form', HTMLFormElement).addEventListener('submit', (event) => {
    event.preventDefault();
    void act('latency-error', async () => {
      const current = await api.getLatency();
      const global = inputValue('latency-global') || null;
      const saved = await api.setLatency({ global, routes: current.routes ?? [] });
      return saved.global ? `Every answer now waits ${saved.global}.` : 'No latency.';
    });
  });
  $('scenario-select', HTMLSelectElement).addEventListener('change', describeScenario);
  $('scenario-form', HTMLFormElement).addEventListener('submit', (event) => {
    event.preventDefault();
    void act('scenario-error', async () => {
      const { scenario } = await api.applyScenario($('scenario-select', HTMLSelectElement).value);
      return `Applied the scenario ${scenario.name}.`;
    });
  });
  $('clock-form', HTMLFormElement).addEventListener('submit', (event) => {
    event.preventDefault();
    void act(
      'clock-error',
      async () => `The clock shows ${clockTime((await api.advanceClock(inputValue('clock-by'))).now)}.`,
    );
  });
}

function describeScenario() {
  const chosen = scenarios.find(
    (scenario) => scenario.name === $('scenario-select', HTMLSelectElement).value,
  );
  $('scenario-help', HTMLElement).textContent = chosen?.description ?? '';
}

async function start() {
  wire();
  try {
    scenarios = await api.listScenarios();
    $('scenario-select', HTMLSelectElement).replaceChildren(
      ...scenarios.map((scenario) => el('option', { value: scenario.name }, scenario.name)),
    );
    describeScenario();
  } catch (error) {
    $('scenario-error', HTMLElement).textContent = String(error);
  }
  await refresh();
  document.body.dataset.ready = 'true';
}

void start();
