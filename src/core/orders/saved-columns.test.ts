import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { storedOrders } from './order-columns.ts';
import { parseOrderSeed } from './order-input.ts';
import { canonicalIsoTime, savedOrderColumns } from './saved-columns.ts';

const NOW = Date.parse('2026-09-01T00:00:00.000Z');

const saved = (id: number, overrides: Record<string, unknown> = {}) => ({
  id,
  petId: 7,
  quantity: 2,
  shipDate: '2026-09-04T00:00:00.000Z',
  complete: false,
  status: 'pending',
  ...overrides,
});

describe('reading saved orders straight into columns', () => {
  test('reads orders as GET /__mock/state writes them into the same orders the one-by-one check gives', () => {
    const orders = [
      saved(1),
      saved(2, { status: 'shipped', complete: true }),
      saved(3, { status: 'cancelled' }),
    ];

    const columns = savedOrderColumns(orders);

    expect(columns && storedOrders(columns)).toEqual(orders.map((order) => parseOrderSeed(order, NOW)));
  });

  test.each([
    ['an id out of order', [saved(2)]],
    ['an id as a string', [saved(1, { id: '1' })]],
    ['a field left out', [{ id: 1, petId: 7, quantity: 2, complete: false, status: 'pending' }]],
    ['a field of its own', [{ ...saved(1), note: 'x' }]],
    ['complete contradicting the status', [saved(1, { complete: true })]],
    ['a quantity of 0', [saved(1, { quantity: 0 })]],
    ['a pet id beyond 2^53', [saved(1, { petId: 2 ** 53 })]],
    ['a date that is not toISOString()', [saved(1, { shipDate: '2026-09-04T00:00:00Z' })]],
    ['the 30th of February', [saved(1, { shipDate: '2026-02-30T00:00:00.000Z' })]],
  ])('leaves %s to the one-by-one check', (_what, orders) => {
    expect(savedOrderColumns(orders)).toBeUndefined();
  });

  test('accepts only orders the one-by-one check accepts, and reads them the same', () => {
    // Mostly valid fields, so that many arrays pass; now and then anything at all.
    const mostly = <T>(valid: fc.Arbitrary<T>) =>
      fc.oneof({ arbitrary: valid, weight: 12 }, fc.constant(undefined), fc.anything());
    const date = fc.oneof(
      fc
        .date({
          min: new Date('0001-01-01T00:00:00.000Z'),
          max: new Date('9999-12-31T23:59:59.999Z'),
          noInvalidDate: true,
        })
        .map((d) => d.toISOString()),
      fc.string(),
    );
    const order = fc.record({
      petId: mostly(fc.oneof(fc.nat(), fc.double())),
      quantity: mostly(fc.integer({ min: -1, max: 5 })),
      shipDate: mostly(date),
      status: mostly(fc.constantFrom('pending', 'shipped', 'cancelled', 'lost')),
      complete: mostly(fc.boolean()),
    });
    let accepted = 0;
    fc.assert(
      fc.property(fc.array(order, { maxLength: 3 }), (given) => {
        const orders = given.map((value, row) => ({ id: row + 1, ...value }));
        const columns = savedOrderColumns(orders);
        if (columns === undefined) return;
        accepted++;
        expect(storedOrders(columns)).toEqual(orders.map((value) => parseOrderSeed(value, NOW)));
      }),
      { numRuns: 2000 },
    );
    expect(accepted).toBeGreaterThan(100);
  });

  test('reads a date in toISOString() form as its time, and nothing else', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.parse('0100-01-01T00:00:00.000Z'), max: 253_402_300_799_999 }),
        (time) => {
          expect(canonicalIsoTime(new Date(time).toISOString())).toBe(time);
        },
      ),
    );
    for (const text of [
      '2026-09-04T24:00:00.000Z',
      '2026-13-04T00:00:00.000Z',
      '2026-09-04T00:00:00.000+',
      '2026-09-04 00:00:00.000Z',
    ]) {
      expect(canonicalIsoTime(text)).toBeNaN();
    }
  });
});
