import orders from '../../fixtures/orders.json' with { type: 'json' };
import pets from '../../fixtures/pets.json' with { type: 'json' };
import type { OrderSeed, PetSeed } from './orders/order-input.ts';

/** The key accepted when no key is configured; printed by the CLI at start. Never use it outside a mock. */
export const DEV_API_KEY = 'petstore-dev-key';

/** When GET /pets/{petId} was deprecated and when it stops answering (docs/decisions.md). */
export const DEFAULT_PETS_DEPRECATION = '2026-07-01T00:00:00Z';
export const DEFAULT_PETS_SUNSET = '2027-07-01T00:00:00Z';

/** The committed fixtures (scripts/generate-fixtures.ts, seed 7). */
export const defaultOrders: readonly OrderSeed[] = orders as OrderSeed[];
export const defaultPets: readonly PetSeed[] = pets;

/**
 * The most orders one mock process serves: at 1,000,000 the admin list is 110 MB of JSON and eight concurrent
 * lists of each kind all answer (RSS 1.4 GB); near 4.8 million the admin list no longer fits in one V8 string.
 * The CLI refuses larger `--orders` and fixture files at start (docs/decisions.md).
 */
export const MAX_ORDERS = 1_000_000;
