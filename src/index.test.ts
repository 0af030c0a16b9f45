import { describe, expect, test } from 'vitest';
import * as packageRoot from './index.ts';

describe("the package's root export (petstore-mock)", () => {
  test('offers createMock and what builds on it, and keeps the internals out', () => {
    expect(Object.keys(packageRoot).sort()).toEqual([
      'ApiError',
      'DEV_API_KEY',
      'OrderColumns',
      'createClock',
      'createMock',
      'defineErrorCodes',
      'memoryState',
    ]);
  });

  test('builds a mock that answers from its seed', async () => {
    const mock = packageRoot.createMock({ apiKeys: ['k'], clock: 'manual' });
    const response = await mock.handle({
      method: 'GET',
      path: '/v1/store/orders',
      query: '',
      headers: { authorization: 'Bearer k' },
    });
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body?.text ?? '')).toHaveLength(25);
  });
});
