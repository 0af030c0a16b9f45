// @ts-check
import { ApiError, jsonCaller } from './shared/fetch-json.js';

/**
 * A client for the admin API (spec/mock-admin.openapi.yaml). The page talks to the mock only through these
 * calls, on its own origin, so it obeys the control plane's rules (JSON writes, same origin).
 *
 * @typedef {import('../../../spec/mock-admin-api.generated.js').components['schemas']} Schemas
 * @typedef {Schemas['AdminOrder']} Order
 * @typedef {Schemas['NewOrder']} NewOrder
 * @typedef {Schemas['JournalEntry']} JournalEntry
 * @typedef {Schemas['FaultInput']} FaultInput
 * @typedef {Schemas['FaultRule']} FaultRule
 * @typedef {Schemas['LatencySettings']} LatencySettings
 * @typedef {Schemas['Preset']} Preset
 * @typedef {Schemas['Clock']} Clock
 * @typedef {Schemas['PassthroughSettings']} PassthroughSettings
 */

export { ApiError };

const request = jsonCaller({ prefix: '/__mock', offline: 'The mock did not answer. Is it still running?' });
const segment = encodeURIComponent;

/**
 * Every write is JSON, `{}` when the operation takes no body: the control plane accepts JSON writes only.
 *
 * @template T
 * @param {string} method
 * @param {string} path
 * @param {unknown} [body]
 * @returns {Promise<T>}
 */
const call = (method, path, body = method === 'GET' ? undefined : {}) => request(method, path, body);

export const api = {
  /** @returns {Promise<Order[]>} */
  listOrders: () => call('GET', '/orders'),
  /** @param {NewOrder} order @returns {Promise<Order>} */
  createOrder: (order) => call('POST', '/orders', order),
  /** @param {number} id @returns {Promise<Order>} */
  cancelOrder: (id) => call('POST', `/orders/${segment(String(id))}/cancel`),
  /** @param {number} id @returns {Promise<Order>} */
  shipOrder: (id) => call('POST', `/orders/${segment(String(id))}/ship`),
  /** @returns {Promise<void>} */
  reset: () => call('POST', '/reset'),
  /** @param {string} query e.g. `method=DELETE&limit=10` @returns {Promise<JournalEntry[]>} */
  listRequests: (query) => call('GET', `/requests${query ? `?${query}` : ''}`),
  /** @returns {Promise<void>} */
  clearRequests: () => call('DELETE', '/requests'),
  /** @returns {Promise<FaultRule[]>} */
  listFaults: () => call('GET', '/faults'),
  /** @param {FaultInput} rule @returns {Promise<FaultRule>} */
  addFault: (rule) => call('POST', '/faults', rule),
  /** @param {string} id @returns {Promise<void>} */
  removeFault: (id) => call('DELETE', `/faults/${segment(id)}`),
  /** @returns {Promise<void>} */
  clearFaults: () => call('DELETE', '/faults'),
  /** @returns {Promise<LatencySettings>} */
  getLatency: () => call('GET', '/latency'),
  /** @param {LatencySettings} settings @returns {Promise<LatencySettings>} */
  setLatency: (settings) => call('PUT', '/latency', settings),
  /** @returns {Promise<Preset[]>} */
  listPresets: () => call('GET', '/presets'),
  /** @param {string} name @returns {Promise<{ preset: Preset }>} */
  applyPreset: (name) => call('POST', `/presets/${segment(name)}`),
  /** @returns {Promise<PassthroughSettings>} */
  getPassthrough: () => call('GET', '/passthrough'),
  /** @param {string[]} operations @returns {Promise<PassthroughSettings>} */
  setPassthrough: (operations) => call('PUT', '/passthrough', { operations }),
  /** @returns {Promise<Clock>} */
  getClock: () => call('GET', '/clock'),
  /** @param {string} by @returns {Promise<Clock>} */
  advanceClock: (by) => call('POST', '/clock/advance', { by }),
};
