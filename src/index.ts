/**
 * petstore-mock: the mock's composition root and the types its users meet. The adapters have their own
 * entry points (`petstore-mock/node`, `petstore-mock/msw`), as do the domains simulation
 * (`petstore-mock/domains`), the seed generator (`petstore-mock/fixtures`) and the conformance suite.
 *
 * @example
 * import { createMock } from 'petstore-mock';
 * const mock = createMock({ apiKeys: ['test-key'], clock: 'manual' });
 * const response = await mock.handle({ method: 'GET', path: '/v1/store/orders', query: '',
 *   headers: { authorization: 'Bearer test-key' } });
 */

export type { MockApi } from './core/api.ts';
// The Store API's own shapes, generated from spec/openapi.yaml.
export type { ErrorBody, Order, StoreApiPaths } from './core/api-types.ts';
// The one clock.
export { type ClockMode, createClock, type MockClock } from './core/controls/clock.ts';
export type { RequestJournal } from './core/controls/journal.ts';
export type { JournalEntry, JournalSource } from './core/controls/journal-entry.ts';
export type { JournalQuery } from './core/controls/journal-query.ts';
// Partial mocking: what goes to the upstream (docs/passthrough.md).
export type {
  PassthroughControls,
  PassthroughOptions,
  PassthroughSettings,
} from './core/controls/passthrough.ts';
// The controls: presets, the journal, traffic rules, sessions.
export type { MockPreset } from './core/controls/presets.ts';
export type { SessionDirectory, SessionInfo, SessionLimits } from './core/controls/sessions.ts';
export type {
  FaultInput,
  FaultKind,
  FaultRule,
  LatencySettings,
  TrafficControls,
} from './core/controls/traffic.ts';
export { DEV_API_KEY } from './core/defaults.ts';
export type {
  ExtensionContext,
  ExtensionFactory,
  MockExtension,
  ServedRoute,
  SharedDocuments,
} from './core/extension.ts';
// Requests and answers, as adapters and extensions see them.
export type { Answer } from './core/handle.ts';
/** Where a state keeps the OAuth tokens it issued (a state port of your own may provide it). */
export type { TokenStore } from './core/http/access-tokens.ts';
/** An extension answers with an Error body by throwing an ApiError of its own plane (`defineErrorCodes`). */
export { ApiError, type CoreErrorCode, defineErrorCodes, type ErrorPlane } from './core/http/errors.ts';
export { type OrderColumnArrays, OrderColumns } from './core/orders/order-columns.ts';
export type { OrderSeed, PetSeed } from './core/orders/order-input.ts';
// The orders: the store port (a store of your own implements it) and the seed.
export type {
  CancelResult,
  CreateResult,
  NewOrder,
  OrderStore,
  ShipResult,
} from './core/orders/store.ts';
/** A client of the token endpoint (`oauthClients`). */
export type { OAuthClient } from './core/routes/oauth-token.ts';
export type {
  Clock,
  Delivery,
  HeaderMap,
  MockRequest,
  MockResponse,
  OrderStatus,
  Pet,
  ResponseBody,
  StoredOrder,
} from './core/types.ts';
// The mock and where its state lives.
export { type MemoryStateOptions, memoryState } from './mock/memory-state.ts';
export { createMock, type Forwarding, type Mock, type MockOptions } from './mock/mock.ts';
export type { MockState, SessionParts, StatePort } from './mock/state.ts';
