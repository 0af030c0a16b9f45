/** The framework-free core of the Petstore mock: the store, the request handling and their shapes. */
export { createMockApi, type MockApi, type MockApiOptions } from './api.ts';
export { checkCredential } from './auth.ts';
export {
  DEFAULT_PETS_DEPRECATION,
  DEFAULT_PETS_SUNSET,
  DEV_API_KEY,
  defaultOrders,
  defaultPets,
} from './defaults.ts';
export { ApiError, type ErrorCode, errorBody, errorCodes } from './errors.ts';
export type { MockExtension } from './extension.ts';
export { parseId } from './ids.ts';
export { type JournalEntry, RequestJournal } from './journal.ts';
export type { OrderSeed, PetSeed } from './order-input.ts';
export { JSON_CONTENT_TYPE, ResponseKit } from './responses.ts';
export { ADMIN_PREFIX } from './routes/admin.ts';
export { DEPRECATION_NOTICE_PATH } from './routes/pets.ts';
export {
  type CancelResult,
  type CreateResult,
  InMemoryOrderStore,
  type NewOrder,
  type OrderStore,
  type ShipResult,
} from './store.ts';
export type {
  Clock,
  HeaderMap,
  MockRequest,
  MockResponse,
  OrderStatus,
  Pet,
  ResponseBody,
  StoredOrder,
} from './types.ts';
export { systemClock } from './types.ts';
