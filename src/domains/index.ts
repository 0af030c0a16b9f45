/** The custom-domains dashboard simulation: framework-free, runs under node:http and MSW alike. */
export { type ClockMode, createClock, type MockClock } from '../core/controls/clock.ts';
export { formatDuration, parseDuration } from '../core/controls/duration.ts';
export { createDashboard, type Dashboard, type DashboardOptions } from './dashboard.ts';
export { type DomainErrorCode, domainErrorCodes } from './errors.ts';
export {
  createDomainsDashboard,
  type DomainsDashboard,
  type DomainsDashboardOptions,
  domainsSimulation,
} from './extension.ts';
export { defaultPlatform, maxPropagationMs, type Platform } from './platform.ts';
export { type Address, type CaaRecord, DnsLookupError, type DnsResolver } from './resolver.ts';
export { type Scenario, scenarios } from './scenarios.ts';
export {
  createMemoryStore,
  type DashboardState,
  type DashboardStore,
  type MemoryDashboardStore,
} from './store.ts';
export type * from './types.ts';
