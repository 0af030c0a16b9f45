import { describe, expect, it } from 'vitest';
import { loadSpec } from '../contract/spec.ts';
import type { Answer } from './answers.ts';
import { orderListProblems } from './verdicts.ts';

// orders.list as every grader reads it (the fixed checks, exploration, the validating proxy): from the raw text.

const spec = loadSpec();

const list = (body: string, headers: Record<string, string> = {}): Answer => ({
  operation: spec.operation('listOrders'),
  path: '/store/orders',
  response: { status: 200, headers, body, bodyBytes: body.length, truncated: false },
});

describe('orders.list problems', () => {
  it('finds none in a list of distinct int64 ids, 2^63−1 included', () => {
    expect(
      orderListProblems(spec, list('[{"id":9223372036854775807,"petId":9223372036854775807},{"id":1}]')),
    ).toEqual([]);
  });

  it('names an id listed twice, read exactly: two ids that one double would merge are two ids', () => {
    expect(orderListProblems(spec, list('[{"id":9007199254740993},{"id":9007199254740992}]'))).toEqual([]);
    expect(orderListProblems(spec, list('[{"id":3,"petId":7},{"id":3,"petId":8}]'))).toEqual([
      'id 3 is listed 2 times (ids are unique)',
    ]);
  });

  it('range-checks every int64 field, not only the id', () => {
    expect(orderListProblems(spec, list('[{"id":1,"petId":18446744073709551615}]'))).toEqual([
      'order 1: petId 18446744073709551615 is not an int64',
    ]);
    expect(orderListProblems(spec, list('[{"id":9223372036854775808}]'))).toEqual([
      'id 9223372036854775808 is not an int64',
    ]);
  });

  it('names a next page and a total above what was listed', () => {
    const paged = list('[{"id":1}]', {
      link: '</v1/store/orders?page=2>; rel="next"',
      'x-total-count': '12',
    });
    expect(orderListProblems(spec, paged)).toEqual([
      'a Link rel="next" to "/v1/store/orders?page=2": the list is paginated',
      'X-Total-Count 12 but 1 order(s) listed: not all orders',
    ]);
    expect(orderListProblems(spec, list('[{"id":1}]', { 'x-total-count': '1' }))).toEqual([]);
  });

  it('says "not an array" for null', () => {
    expect(orderListProblems(spec, list('null'))).toEqual(['not an array: "null"']);
  });
});
