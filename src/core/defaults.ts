import orders from '../../fixtures/orders.json' with { type: 'json' };
import pets from '../../fixtures/pets.json' with { type: 'json' };
import type { OrderSeed, PetSeed } from './orders/order-input.ts';

/** The key accepted when no key is configured; printed by the CLI at start. Never use it outside a mock. */
export const DEV_API_KEY = 'petstore-dev-key';

/** When GET /pets/{petId} was deprecated and when it stops answering (docs/decisions.md). */
export const DEFAULT_PETS_DEPRECATION = '2026-07-01T00:00:00Z';
export const DEFAULT_PETS_SUNSET = '2027-07-01T00:00:00Z';

/** The committed fixtures (seed 7; `npm run generate` writes them). */
export const defaultOrders: readonly OrderSeed[] = orders as OrderSeed[];
export const defaultPets: readonly PetSeed[] = pets;

/**
 * The most orders one mock process serves, with room for concurrent lists of every order; far beyond it the
 * admin list no longer fits in one V8 string. The CLI refuses larger `--orders` and fixture files at start
 * (docs/decisions.md, "Largest `--orders`", has the measurements).
 */
export const MAX_ORDERS = 1_000_000;
