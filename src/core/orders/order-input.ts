import { coreError } from '../http/errors.ts';
import { isDateTime } from '../http/formats.ts';
import type { OrderStatus, Pet } from '../types.ts';
import { parseId } from './ids.ts';
import type { NewOrder } from './store.ts';

/** An order as fixtures and `POST /__mock/orders` give it. Ids beyond 2^53 must be strings. */
export interface OrderSeed {
  readonly id?: number | string;
  readonly petId: number | string;
  readonly quantity: number;
  readonly shipDate?: string;
  readonly complete?: boolean;
  readonly status?: OrderStatus;
}

export interface PetSeed {
  readonly id: number | string;
  readonly name: string;
  readonly tag?: string;
}

const STATUSES: readonly OrderStatus[] = ['pending', 'shipped', 'cancelled'];
/** Longer date-times are refused (spec/mock-admin.openapi.yaml), so a huge fraction is not stored and served. */
const MAX_DATE_TIME_LENGTH = 64;
const DAY_MS = 86_400_000;

/**
 * Checks an order given by a fixture file or the admin API. Throws ApiError(400) naming the field.
 * Defaults follow docs/decisions.md: pending orders are incomplete and ship in three days; shipped orders
 * are complete and shipped now.
 */
export function parseOrderSeed(value: unknown, now: number): NewOrder {
  if (!isRecord(value)) throw invalid('an order must be a JSON object');
  const status = value.status ?? 'pending';
  if (!STATUSES.includes(status as OrderStatus))
    throw invalid('status must be pending, shipped or cancelled');
  const quantity = value.quantity ?? 1;
  if (!Number.isSafeInteger(quantity) || (quantity as number) < 1) {
    throw invalid('quantity must be a whole number of at least 1');
  }
  const shipDate = value.shipDate ?? new Date(status === 'pending' ? now + 3 * DAY_MS : now).toISOString();
  if (typeof shipDate !== 'string' || shipDate.length > MAX_DATE_TIME_LENGTH || !isDateTime(shipDate)) {
    throw invalid('shipDate must be an ISO 8601 date-time such as 2026-12-01T10:00:00.000Z');
  }
  const complete = value.complete ?? status === 'shipped';
  if (typeof complete !== 'boolean') throw invalid('complete must be true or false');
  // An order is complete exactly when it has shipped (docs/decisions.md): anything else could not happen.
  if (complete !== (status === 'shipped')) {
    throw invalid(`complete must be ${status === 'shipped'} when status is ${status}`);
  }
  const order = {
    petId: idField(value.petId ?? '1', 'petId'),
    quantity: quantity as number,
    shipDate,
    complete,
    status: status as OrderStatus,
  };
  // Two plain literals rather than a conditional spread, which left garbage per order and larger orders
  // (docs/performance.md: seeding 100,000 orders).
  return value.id === undefined ? order : { id: idField(value.id, 'id'), ...order };
}

export function parsePetSeed(value: unknown): Pet {
  if (!isRecord(value)) throw invalid('a pet must be a JSON object');
  if (typeof value.name !== 'string' || value.name === '') throw invalid('a pet needs a name');
  if (value.tag !== undefined && typeof value.tag !== 'string') throw invalid('tag must be a string');
  return { id: idField(value.id, 'id'), name: value.name, tag: value.tag };
}

function idField(value: unknown, field: string): string {
  if (typeof value === 'number') {
    // JSON numbers beyond 2^53 have already been rounded by the parser, so they cannot be trusted.
    if (!Number.isSafeInteger(value)) throw invalid(`${field} beyond 2^53 must be given as a string`);
    value = String(value);
  }
  const id = typeof value === 'string' ? parseId(value) : undefined;
  if (id === undefined)
    throw invalid(`${field} must be a non-negative int64 (a number, or a string of digits)`);
  return id;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function invalid(reason: string) {
  return coreError('INVALID_REQUEST', `Invalid input: ${reason}.`);
}

/**
 * Gives every fixture entry an id: an entry without one gets the first id (from 1) that no entry names, so no
 * order is silently replaced by a later one. Two entries naming the same id throw, naming both entries.
 *
 * @example withSeedIds([{ id: 2, ... }, { ... }]) // the second entry gets id 1
 */
export function withSeedIds(seeds: readonly OrderSeed[]): OrderSeed[] {
  const named = new Map<string, number>();
  seeds.forEach((seed, index) => {
    if (seed.id === undefined) return;
    const id = String(seed.id);
    const first = named.get(id);
    if (first !== undefined) throw new Error(`orders[${first}] and orders[${index}] both have id ${id}.`);
    named.set(id, index);
  });
  let candidate = 1;
  return seeds.map((seed) => {
    if (seed.id !== undefined) return seed;
    while (named.has(String(candidate))) candidate++;
    return { ...seed, id: String(candidate++) };
  });
}
