/** The framework-free core of the Petstore mock: the store, the request handling and their shapes. */
export { createMockApi, type MockApi, type MockApiOptions } from './api.ts';
export type { ErrorBody, Order, StoreApiPaths } from './api-types.ts';
export {
  advanceClockBy,
  type ClockMode,
  clockState,
  createClock,
  LATEST_TIME,
  type MockClock,
} from './controls/clock.ts';
export { formatDuration, parseDuration } from './controls/duration.ts';
export { type JournalEntry, RequestJournal } from './controls/journal.ts';
export type { JournalQuery } from './controls/journal-query.ts';
export { formatLatency, type Latency, parseLatency } from './controls/latency.ts';
export type { MockScenario } from './controls/scenarios.ts';
export {
  type FaultInput,
  type FaultKind,
  type FaultRule,
  type LatencySettings,
  TrafficControls,
} from './controls/traffic.ts';
/** The defaults: the development key, the pets deprecation dates, the committed fixtures, the order limit. */
export * from './defaults.ts';
export type { ExtensionContext, ExtensionFactory, MockExtension, ServedRoute } from './extension.ts';
export type { Answer } from './handle.ts';
export { checkCredential } from './http/auth.ts';
export { type BodyProblem, type BodyValidator, type ReadBodyOptions, readJsonBody } from './http/body.ts';
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
} from './http/errors.ts';
export { parsePrefer } from './http/prefer.ts';
export { JSON_CONTENT_TYPE, jsonResponse, noContentResponse, ResponseKit } from './http/responses.ts';
export {
  type Action,
  type Method,
  type ParamKeys,
  type Params,
  type Route,
  Router,
  route,
} from './http/router.ts';
export { parseId } from './orders/ids.ts';
export { type OrderColumnArrays, OrderColumns } from './orders/order-columns.ts';
export type { OrderSeed, PetSeed } from './orders/order-input.ts';
export {
  type CancelResult,
  type CreateResult,
  InMemoryOrderStore,
  type NewOrder,
  type OrderStore,
  type ShipResult,
} from './orders/store.ts';
export { ADMIN_PREFIX } from './routes/admin.ts';
export { DEPRECATION_NOTICE_PATH } from './routes/pets.ts';
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
