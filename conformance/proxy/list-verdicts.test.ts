import { describe, expect, it } from 'vitest';
import { loadSpec } from '../contract/spec.ts';
import type { ExchangeResponse } from '../http/exchange.ts';
import { gradeExchange } from './grade.ts';
import { REMEMBERED_LISTS } from './list-verdicts.ts';

const spec = loadSpec();
const LIST = '[{"id":1,"pet_id":2,"shipDate":"2026-12-01T10:00:00"},{"id":1,"petId":3}]';
const LIST_FINDINGS = [
  'must orders.list: GET /store/orders → 200: id 1 is listed 2 times (ids are unique)',
  'should orders.date-time: GET /store/orders → 200: /0/shipDate must match format "date-time"',
  'should orders.fields: GET /store/orders → 200: order [0] has "pet_id" for petId',
];

function graded(body: string, response: Partial<ExchangeResponse> = {}) {
  const { findings, applied } = gradeExchange(spec, {
    method: 'GET',
    path: '/store/orders',
    authorization: undefined,
    response: {
      status: 200,
      headers: { 'content-type': 'application/json' },
      bodyBytes: Buffer.byteLength(body),
      truncated: false,
      ...response,
      body,
    },
  });
  return { applied, findings: findings.map((f) => `${f.rule.severity} ${f.rule.id}: ${f.message}`) };
}

describe('grading a list answered again with the same bytes', () => {
  it('finds what it found the first time, every time', () => {
    const first = graded(LIST);
    expect(first.findings).toEqual(LIST_FINDINGS);
    for (let n = 0; n < 3; n++) expect(graded(LIST)).toEqual(first);
  });

  it('reads the pagination fields of each answer, whatever the body', () => {
    graded(LIST);
    const paginated = graded(LIST, {
      headers: {
        'content-type': 'application/json',
        'x-total-count': '5',
        link: '</v1/store/orders?page=2>; rel="next"',
      },
    });
    expect(paginated.findings[0]).toBe(
      'must orders.list: GET /store/orders → 200: id 1 is listed 2 times (ids are unique); a Link rel="next" to "/v1/store/orders?page=2": the list is paginated; X-Total-Count 5 but 2 order(s) listed: not all orders',
    );
    expect(graded(LIST).findings).toEqual(LIST_FINDINGS);
  });

  it('still grades each of many different lists, and the first again once the others pushed it out', () => {
    const lists = Array.from({ length: REMEMBERED_LISTS.entries * 2 }, (_, n) => `[{"id":${n + 1}}]`);
    for (const list of lists) expect(graded(list).findings).toHaveLength(0);
    expect(graded('[{"id":9223372036854775808}]').findings).toEqual([
      'must orders.list: GET /store/orders → 200: id 9223372036854775808 is not an int64',
    ]);
    expect(graded(LIST).findings).toEqual(LIST_FINDINGS);
  });
});
