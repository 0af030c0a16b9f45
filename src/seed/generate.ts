// Faker without a locale's data: orders draw numbers and dates only, and every locale (even English alone)
// would cost start-up with `--seed` (docs/performance.md, "Start-up"). The draws are the same in any locale.
import type { Faker } from '@faker-js/faker';
import { faker } from '@faker-js/faker/locale/base';
import { COMPLETE_FLAG, ORDER_STATUSES, OrderColumns } from '../core/orders/order-columns.ts';
import type { OrderSeed } from '../core/orders/order-input.ts';

/**
 * Dates are drawn around a fixed reference, not "now", so that one seed always gives byte-identical data.
 * Pending orders ship within 60 days after it; shipped orders shipped within 60 days before it.
 */
export const FIXTURE_REFERENCE_DATE = '2027-01-01T00:00:00.000Z';
const SHARE_PENDING = 0.6;

export interface GenerateOptions {
  readonly seed: number;
  readonly count: number;
}

/**
 * Realistic orders with a fixed seed: ids 1..count, a mix of pending and shipped.
 *
 * @example generateOrders({ seed: 7, count: 1000 })
 */
export function generateOrders(options: GenerateOptions): OrderSeed[] {
  return Array.from(orderSeeds(options));
}

/**
 * The same orders, one at a time and on every iteration afresh: a store fed from it never holds them all as
 * objects, which keeps a large seed's start-up memory down (docs/performance.md).
 */
export function orderSeeds(options: GenerateOptions): Iterable<OrderSeed> {
  return { [Symbol.iterator]: () => generate(options) };
}

function* generate(options: GenerateOptions): Generator<OrderSeed> {
  for (const draw of draws(options)) {
    yield {
      id: draw.index + 1,
      petId: draw.petId,
      quantity: draw.quantity,
      shipDate: draw.shipDate.toISOString(),
      complete: !draw.pending,
      status: draw.pending ? 'pending' : 'shipped',
    };
  }
}

/**
 * The same orders as columns (what the CLI's generating worker fills and posts back): a store takes them
 * without an object per order (docs/performance.md, "Seeds as columns").
 */
export function generateOrderColumns(options: GenerateOptions): OrderColumns {
  if (!Number.isSafeInteger(options.count) || options.count < 0) {
    throw new RangeError(`count must be a whole number of at least 0, not ${options.count}`);
  }
  const columns = new OrderColumns(options.count);
  const shipped = ORDER_STATUSES.indexOf('shipped') | COMPLETE_FLAG;
  const pending = ORDER_STATUSES.indexOf('pending');
  for (const draw of draws(options)) {
    columns.ids[draw.index] = draw.index + 1;
    columns.petIds[draw.index] = draw.petId;
    columns.quantities[draw.index] = draw.quantity;
    columns.shipTimes[draw.index] = draw.shipDate.getTime();
    columns.flags[draw.index] = draw.pending ? pending : shipped;
  }
  return columns;
}

/** Faker's draws for each order, in one place, so that objects and columns hold the very same orders. */
function* draws({ seed, count }: GenerateOptions) {
  const faker = seededFaker(seed);
  const reference = new Date(FIXTURE_REFERENCE_DATE);
  for (let index = 0; index < count; index++) {
    const pending = faker.number.float() < SHARE_PENDING;
    const shipDate = pending
      ? faker.date.soon({ days: 60, refDate: reference })
      : faker.date.recent({ days: 60, refDate: reference });
    const petId = faker.number.int({ min: 1, max: 10 });
    yield { index, pending, shipDate, petId, quantity: faker.number.int({ min: 1, max: 5 }) };
  }
}

/**
 * The entry's one instance, seeded afresh for each run. Two runs must not interleave: generateOrders
 * runs to the end at once, and a store reads orderSeeds to the end when it is built.
 */
function seededFaker(seed: number): Faker {
  return seeded(faker, seed);
}

/** A faker instance seeded for one run, its dates drawn around FIXTURE_REFERENCE_DATE. */
export function seeded(instance: Faker, seed: number): Faker {
  instance.seed(seed);
  instance.setDefaultRefDate(FIXTURE_REFERENCE_DATE);
  return instance;
}
