import { describe, expect, it } from 'vitest';
import { loadSpec } from '../contract/spec.ts';
import {
  type Answer,
  documentsStatus,
  idsWellFormed,
  listsOrders,
  statesErrorBody,
  statesJsonBody,
} from './answers.ts';

const spec = loadSpec();

/** An answer with a JSON body to `operationId` at `path`. */
const answer = (operationId: string, path: string, status: number): Answer => ({
  operation: spec.operation(operationId),
  path,
  response: { status, headers: {}, body: '{}', bodyBytes: 2, truncated: false },
});

describe('which answers the spec states, read from spec/openapi.yaml', () => {
  it.each([
    ['listOrders', '/store/orders', 200, true, 'the list'],
    ['listOrders', '/store/orders', 401, true, 'the bearer requirement, shared by every operation'],
    ['getPetById', '/pets/abc', 401, true, 'the 401, whatever the deprecated route or the id'],
    ['cancelOrder', '/store/orders/7', 404, true, "cancelOrder's shared 404"],
    ['cancelOrder', '/store/orders/007', 404, true, 'an id with leading zeros is still an int64'],
    ['cancelOrder', '/store/orders/abc', 404, false, 'a malformed id'],
    ['cancelOrder', '/store/orders/9223372036854775808', 404, false, 'an id beyond int64'],
    ['cancelOrder', '/store/orders/7', 409, false, 'the 409, written out inline: its body is left open'],
    ['getPetById', '/pets/1', 200, false, 'the deprecated route'],
    ['getPetById', '/pets/1', 404, false, "the deprecated route's shared 404"],
    ['listOrders', '/store/orders', 500, false, 'an undocumented status'],
  ] as const)('%s %s → %i: %s (%s)', (operationId, path, status, stated, _why) => {
    expect(statesJsonBody(spec, answer(operationId, path, status))).toBe(stated);
  });

  it('states Error bodies for the 401 and the 404 only, and a list of Orders for the 200 only', () => {
    expect(statesErrorBody(spec, answer('cancelOrder', '/store/orders/7', 404))).toBe(true);
    expect(statesErrorBody(spec, answer('listOrders', '/store/orders', 401))).toBe(true);
    expect(statesErrorBody(spec, answer('listOrders', '/store/orders', 200))).toBe(false);
    expect(listsOrders(spec, answer('listOrders', '/store/orders', 200))).toBe(true);
    expect(listsOrders(spec, answer('getPetById', '/pets/1', 200))).toBe(false);
    expect(
      statesJsonBody(spec, { ...answer('listOrders', '/store/orders', 200), operation: undefined }),
    ).toBe(false);
  });

  it('reads ids by their schema, percent-decoded', () => {
    expect(idsWellFormed(answer('cancelOrder', '/store/orders/%37', 404))).toBe(true);
    expect(idsWellFormed(answer('cancelOrder', '/store/orders/-9223372036854775808', 404))).toBe(true);
    expect(idsWellFormed(answer('cancelOrder', '/store/orders/1.0', 404))).toBe(false);
  });

  it('matches statuses by code, range and default', () => {
    expect(documentsStatus(['200', '401'], 401)).toBe(true);
    expect(documentsStatus(['4XX'], 429)).toBe(true);
    expect(documentsStatus(['default'], 503)).toBe(true);
    expect(documentsStatus(['200', '4XX'], 503)).toBe(false);
  });
});
