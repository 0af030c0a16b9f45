// @ts-check
import { ApiError, jsonCaller } from './shared/fetch-json.js';

/**
 * A client for the dashboard API (spec/dashboard.openapi.yaml) and its mock controls. The page talks to
 * the mock only through these calls, so it also shows how the API is used.
 */

/**
 * The API's shapes, generated from spec/dashboard.openapi.yaml (`npm run types`), never restated by hand.
 *
 * @typedef {import('../../../spec/dashboard-api.generated.js').components['schemas']} Schemas
 * @typedef {import('../../../spec/dashboard-api.generated.js').operations} Operations
 * @typedef {Schemas['Project']} Project
 * @typedef {Schemas['Domain']} Domain
 * @typedef {Schemas['Reason']} Reason
 * @typedef {Schemas['DnsRecordToCreate']} RecordToCreate
 * @typedef {NonNullable<Schemas['Certificate']['troubleshoot']>} Troubleshoot
 * @typedef {Schemas['Configuration']} Configuration
 * @typedef {Schemas['Configuration']['domains']} DomainsConfig
 * @typedef {Schemas['Zone']} Zone
 * @typedef {Schemas['ZoneRecord']} ZoneRecord
 * @typedef {Schemas['RecordInput']} RecordInput
 * @typedef {RecordInput['type']} RecordType
 * @typedef {Operations['createZone']['requestBody']['content']['application/json']} ZoneInput
 * @typedef {Schemas['Clock']} Clock
 * @typedef {Schemas['Scenario']} Scenario
 * @typedef {Operations['loadScenario']['responses'][200]['content']['application/json']} LoadedScenario
 */

export { ApiError };

const API = '/__dashboard/api';
const MOCK = '/__mock/dashboard';
const segment = encodeURIComponent;
const call = jsonCaller({ offline: 'The mock server did not answer. Is it still running?' });

/** @param {string} projectId @param {string} [domain] */
const domainsPath = (projectId, domain) =>
  `${API}/projects/${segment(projectId)}/domains${domain === undefined ? '' : `/${segment(domain)}`}`;

export const api = {
  /** @returns {Promise<Project[]>} */
  listProjects: () => call('GET', `${API}/projects`),
  /** @param {string} id @returns {Promise<Project>} */
  getProject: (id) => call('GET', `${API}/projects/${segment(id)}`),

  /** @param {string} projectId @returns {Promise<Domain[]>} */
  listDomains: (projectId) => call('GET', domainsPath(projectId)),
  /** @param {string} projectId @param {string} name @returns {Promise<Domain>} */
  addDomain: (projectId, name) => call('POST', domainsPath(projectId), { name }),
  /** @param {string} projectId @param {string} name @returns {Promise<Domain>} */
  verifyDomain: (projectId, name) => call('POST', `${domainsPath(projectId, name)}/verify`),
  /** @param {string} projectId @param {string} name @returns {Promise<Domain>} */
  reverifyDomain: (projectId, name) => call('POST', `${domainsPath(projectId, name)}/reverify`),
  /** @param {string} projectId @param {string} name @returns {Promise<void>} */
  removeDomain: (projectId, name) => call('DELETE', domainsPath(projectId, name)),

  /** @param {string} projectId @returns {Promise<Configuration>} */
  getConfiguration: (projectId) => call('GET', `${API}/projects/${segment(projectId)}/configuration`),
  /** @param {string} projectId @param {Configuration} config @returns {Promise<Configuration>} */
  putConfiguration: (projectId, config) =>
    call('PUT', `${API}/projects/${segment(projectId)}/configuration`, config),

  /** @returns {Promise<Zone[]>} */
  listZones: () => call('GET', `${API}/dns/zones`),
  /** @param {ZoneInput} zone @returns {Promise<Zone>} */
  createZone: (zone) => call('POST', `${API}/dns/zones`, zone),
  /** @param {string} zone @returns {Promise<void>} */
  deleteZone: (zone) => call('DELETE', `${API}/dns/zones/${segment(zone)}`),
  /** @param {string} zone @param {RecordInput} record @returns {Promise<ZoneRecord>} */
  addRecord: (zone, record) => call('POST', `${API}/dns/zones/${segment(zone)}/records`, record),
  /** @param {string} zone @param {string} id @returns {Promise<void>} */
  deleteRecord: (zone, id) => call('DELETE', `${API}/dns/zones/${segment(zone)}/records/${segment(id)}`),

  /** @param {string} projectId @param {string} plan @returns {Promise<Project>} */
  setPlan: (projectId, plan) => call('PUT', `${MOCK}/projects/${segment(projectId)}/plan`, { plan }),
  /** @param {string} projectId @param {'succeeded' | 'failed'} status @returns {Promise<Project>} */
  recordDeploy: (projectId, status) =>
    call('POST', `${MOCK}/projects/${segment(projectId)}/deploys`, { status }),
  /** @returns {Promise<Clock>} */
  getClock: () => call('GET', `${MOCK}/clock`),
  /** @param {string} by a duration such as `5m` @returns {Promise<Clock>} */
  advanceClock: (by) => call('POST', `${MOCK}/clock/advance`, { by }),
  /** @returns {Promise<Scenario[]>} */
  listScenarios: () => call('GET', `${MOCK}/scenarios`),
  /** @param {string} name @returns {Promise<LoadedScenario>} */
  loadScenario: (name) => call('POST', `${MOCK}/scenarios/${segment(name)}`),
  /** @returns {Promise<void>} */
  reset: () => call('POST', `${MOCK}/reset`),
};
