/** The custom-domains dashboard simulation: framework-free, runs under node:http and MSW alike. */
export { type ClockMode, createClock, type MockClock } from '../core/controls/clock.ts';
export { formatDuration, parseDuration } from '../core/controls/duration.ts';
export type { Dashboard } from './dashboard.ts';
export { type DomainErrorCode, domainErrorCodes } from './errors.ts';
export {
  type DomainsDashboard,
  type DomainsSimulationOptions,
  domainsSimulation,
} from './extension.ts';
export { defaultPlatform, maxPropagationMs, type Platform } from './platform.ts';
export { type Preset, presets, type Scenario, scenarios } from './presets.ts';
export { type Address, type CaaRecord, DnsLookupError, type DnsResolver } from './resolver.ts';
export {
  createMemoryStore,
  type DashboardState,
  type DashboardStore,
  DOMAINS_DOCUMENT,
  type MemoryDashboardStore,
} from './store.ts';
export type * from './types.ts';
