import { describe, expect, test } from 'vitest';
import { REDACTED } from '../exchange/secrets.ts';
import { createMockApi } from './api.ts';
import type { MockRequest } from './types.ts';

const KEY = 'sk_live-4eC3+9/x=';

describe('the mock shows no secret', () => {
  test('the report of an unexpected error names the request with its secrets redacted', async () => {
    const reported: MockRequest[] = [];
    const api = createMockApi({
      apiKeys: [KEY],
      onUnexpectedError: (_error, request) => reported.push(request),
      extensions: [
        {
          name: 'broken',
          handle: () => {
            throw new TypeError('broken');
          },
        },
      ],
    });
    const path = `/v1/store/orders/${encodeURIComponent(KEY)}`;
    expect((await api.handle({ method: 'GET', path, query: `k=${KEY}`, headers: {} })).status).toBe(500);
    expect(reported.map(({ path, query }) => `${path}?${query}`)).toEqual([
      `/v1/store/orders/${REDACTED}?k=${REDACTED}`,
    ]);
  });
});
