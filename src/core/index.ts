/** The framework-free core of the Petstore mock: the store, the request handling and their shapes. */
export { createMockApi, type MockApi, type MockApiOptions } from './api.ts';
export type { ErrorBody, Order, StoreApiPaths } from './api-types.ts';
export { checkCredential } from './auth.ts';
export { type BodyProblem, type BodyValidator, type ReadBodyOptions, readJsonBody } from './body.ts';
export {
  advanceClockBy,
  type ClockMode,
  clockState,
  createClock,
  LATEST_TIME,
  type MockClock,
} from './clock.ts';
/** The defaults: the development key, the pets deprecation dates, the committed fixtures, the order limit. */
export * from './defaults.ts';
export { formatDuration, parseDuration } from './duration.ts';
export {
  ApiError,
  type CoreErrorCode,
  coreError,
  coreErrors,
  defineErrorCodes,
  type ErrorCode,
  type ErrorDefinition,
  type ErrorPlane,
  errorBody,
  errorCodes,
  type HttpErrorCode,
  httpErrorCodes,
} from './errors.ts';
export type { ExtensionContext, ExtensionFactory, MockExtension, ServedRoute } from './extension.ts';
export type { Answer } from './handle.ts';
export { parseId } from './ids.ts';
export { type JournalEntry, RequestJournal } from './journal.ts';
export type { JournalQuery } from './journal-query.ts';
export { formatLatency, type Latency, parseLatency } from './latency.ts';
export { type OrderColumnArrays, OrderColumns } from './order-columns.ts';
export type { OrderSeed, PetSeed } from './order-input.ts';
export { parsePrefer } from './prefer.ts';
export { JSON_CONTENT_TYPE, jsonResponse, noContentResponse, ResponseKit } from './responses.ts';
export {
  type Action,
  type Method,
  type ParamKeys,
  type Params,
  type Route,
  Router,
  route,
} from './router.ts';
export { ADMIN_PREFIX } from './routes/admin.ts';
export { DEPRECATION_NOTICE_PATH } from './routes/pets.ts';
export type { MockScenario } from './scenarios.ts';
export {
  type CancelResult,
  type CreateResult,
  InMemoryOrderStore,
  type NewOrder,
  type OrderStore,
  type ShipResult,
} from './store.ts';
export {
  type FaultInput,
  type FaultKind,
  type FaultRule,
  type LatencySettings,
  TrafficControls,
} from './traffic.ts';
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
} from './types.ts';
export { systemClock } from './types.ts';
