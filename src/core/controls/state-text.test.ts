import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { ApiError } from '../http/errors.ts';
import { OrderColumns } from '../orders/order-columns.ts';
import { savedOrderColumns } from '../orders/saved-columns.ts';
import type { MockRequest } from '../types.ts';
import { parseStateBody } from './state-text.ts';

const HEAD =
  '{"$schema":"./node_modules/petstore-mock/spec/mock-state.schema.json","version":1,"clock":{"mode":"system","now":"2026-09-01T00:00:00.000Z","offset":"PT0S"}';
const TAIL = ',"faults":[],"latency":{"fixedMs":0}}';

const order = (id: number, status = 'pending', complete = status === 'shipped') =>
  `{"id":${id},"petId":7,"quantity":2,"shipDate":"2026-09-04T00:00:00.000Z","complete":${complete},"status":"${status}"}`;

const parse = (text: string) => parseStateBody({ body: text } as MockRequest);

/** The orders as prepareRestore takes them: columns as given, or read into columns where they fit. */
function asRestoreReads(value: unknown): unknown {
  const { orders } = value as { orders?: unknown };
  const columns = orders instanceof OrderColumns ? orders : savedOrderColumns(orders);
  return columns === undefined ? value : { ...(value as object), orders: columns };
}

/** What the route read before: JSON.parse, then the orders into columns where they are as GET wrote them. */
function viaJsonParse(text: string): unknown {
  return asRestoreReads(JSON.parse(text));
}

/** A value with its columns as plain arrays, in key order, for comparing two reads. */
function plain(value: unknown): unknown {
  if (value instanceof OrderColumns) {
    return ['ids', 'petIds', 'quantities', 'shipTimes', 'flags'].map((name) =>
      Array.from(value[name as keyof OrderColumns] as ArrayLike<number>),
    );
  }
  if (typeof value !== 'object' || value === null) return value;
  return Object.entries(value).map(([key, inner]) => [key, plain(inner)]);
}

describe('reading a saved state from its text', () => {
  test('reads orders as GET /__mock/state writes them into columns, and the rest of the document as JSON', () => {
    const state = parse(
      `${HEAD},"orders":[${order(1)},${order(2, 'shipped')},${order(3, 'cancelled')}]${TAIL}`,
    );

    expect(plain(state)).toEqual(
      plain(
        viaJsonParse(`${HEAD},"orders":[${order(1)},${order(2, 'shipped')},${order(3, 'cancelled')}]${TAIL}`),
      ),
    );
    expect((state as { orders: unknown }).orders).toBeInstanceOf(OrderColumns);
  });

  test('answers a body that is not JSON with the usual 400, wherever the mistake is', () => {
    for (const text of [
      `${HEAD},"orders":[${order(1)}],}`,
      `{,"orders":[${order(1)}]}`,
      `${HEAD},"orders":[${order(1)},]${TAIL}`,
      `${HEAD},"orders":[${order(1)}]${TAIL}x`,
    ]) {
      expect(() => parse(text), text).toThrow(ApiError);
    }
  });

  test('reads any text exactly as JSON.parse and the one-pass column read do, or refuses it as they do', () => {
    // Orders as GET writes them, each possibly written another way or wrongly (by its id in the list).
    const written = fc.constantFrom<((id: number) => string)[]>(
      (id) => order(id),
      (id) => order(id, 'shipped'),
      (id) => order(id, 'cancelled'),
      (id) => order(id, 'shipped', false),
      (id) => order(id, 'pending', true),
      (id) => order(id + 1),
      (id) => order(id).replace(`"id":${id}`, `"id":"${id}"`),
      (id) => order(id).replace('"petId":7', '"petId":07'),
      (id) => order(id).replace('"petId":7', '"petId":0'),
      (id) => order(id).replace('"petId":7', '"petId":9007199254740991'),
      (id) => order(id).replace('"petId":7', '"petId":9007199254740992'),
      (id) => order(id).replace('"petId":7', '"petId":12345678901234567'),
      (id) => order(id).replace('"petId":7', '"petId":-7'),
      (id) => order(id).replace('"quantity":2', '"quantity":2.0'),
      (id) => order(id).replace('"quantity":2', '"quantity":2e0'),
      (id) => order(id).replace('"quantity":2', '"quantity":0'),
      (id) => order(id).replace('"quantity":2', '"quantity": 2'),
      (id) => order(id).replace('"quantity":2', '"quantity":'),
      (id) => order(id).replace('"complete":false', '"complete":fals'),
      (id) => order(id).replace('"pending"', '"Pending"'),
      (id) => order(id).replace('2026-09-04T00:00:00.000Z', '2026-02-30T00:00:00.000Z'),
      (id) => order(id).replace('2026-09-04T00:00:00.000Z', '0099-09-04T00:00:00.000Z'),
      (id) => order(id).replace('2026-09-04T00:00:00.000Z', '2026-09-04T00:00:00Z'),
      (id) => order(id).replace('2026-09-04T00:00:00.000Z', '\\u0032026-09-04T00:00:00.000Z'),
      (id) => order(id).replace('"id":1,"petId":7', '"petId":7,"id":1'),
      (id) => order(id).replace('}', ',"note":"x"}'),
      (id) => order(id).replace('}', '} '),
    );
    const valid = fc.constant((id: number) => order(id));
    const orders = fc
      .tuple(
        fc.array(fc.oneof({ weight: 4, arbitrary: valid }, written), { maxLength: 5 }),
        fc.constantFrom(',', ',', ', ', ',,'),
      )
      .map(([makers, separator]) => `[${makers.map((make, row) => make(row + 1)).join(separator)}]`);
    const head = fc.constantFrom(
      HEAD,
      HEAD,
      '{',
      '{ "version":1 ',
      HEAD.slice(0, 20),
      '{"a":{"b":1',
      '{"x":"a,\\"orders\\":[',
    );
    const tail = fc.constantFrom(
      TAIL,
      TAIL,
      '}',
      ',}',
      ',"orders":[]}',
      '} ',
      `${TAIL}x`,
      ',"faults":[',
      ' }',
      ', "a":1}',
    );
    fc.assert(
      fc.property(head, orders, tail, fc.boolean(), (start, array, end, comma) => {
        const text = `${start}${comma ? ',' : ''}"orders":${array}${end}`;
        let expected: unknown;
        try {
          expected = viaJsonParse(text);
        } catch {
          expect(() => parse(text), text).toThrow(ApiError);
          return;
        }
        expect(plain(asRestoreReads(parse(text))), text).toEqual(plain(expected));
      }),
      { numRuns: 3000 },
    );
  });
});
