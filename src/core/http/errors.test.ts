import { describe, expect, test } from 'vitest';
import { ApiError, coreError, coreErrors, defineErrorCodes, errorBody } from './errors.ts';

describe('the error toolkit', () => {
  test('takes the status from the plane table, so a code always answers with the same status', () => {
    const error = coreError('ORDER_NOT_FOUND', 'Order 7 does not exist.');
    expect([error.status, error.code]).toEqual([404, 'ORDER_NOT_FOUND']);
    expect(coreErrors.codes.ORDER_NOT_FOUND).toBe(404);
  });

  test('refuses at compile time a code the table does not list', () => {
    // @ts-expect-error a misspelt code does not compile
    expect(() => coreError('ORDER_NOT_FOUN', 'typo')).toThrow(/unknown error code/);
    // @ts-expect-error an ApiError is made by a plane, never from a bare status and code
    const bare = () => new ApiError(404, 'ORDER_NOT_FOUN', 'typo');
    expect(bare).toBeTypeOf('function');
  });

  test('builds one plane per table, with the generic HTTP codes shared by every plane', () => {
    const plane = defineErrorCodes({ TEAPOT: 418 });
    expect(plane('TEAPOT', 'No coffee.').status).toBe(418);
    expect(plane('NOT_FOUND', 'Nothing here.').status).toBe(404);
    expect(() => defineErrorCodes({ NOT_FOUND: 410 })).toThrow(/NOT_FOUND/);
  });

  test('renders the Error body as the spec describes it, with status equal to the HTTP status', () => {
    const body = errorBody(coreError('INVALID_REQUEST', 'Say "hi".'));
    expect(JSON.parse(body.text)).toEqual({ code: 'INVALID_REQUEST', message: 'Say "hi".', status: 400 });
  });
});
