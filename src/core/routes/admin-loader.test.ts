import { afterEach, describe, expect, test, vi } from 'vitest';

afterEach(() => {
  vi.doUnmock('./admin.ts');
  vi.resetModules();
});

const listRequest = { method: 'GET', path: '/__mock/orders', query: '', headers: {} };

describe('the admin API, loaded on its first request', () => {
  test('a load that failed (a chunk not reached) is a 500 once, and the next request loads it again', async () => {
    let attempts = 0;
    vi.doMock('./admin.ts', async (original) => {
      attempts++;
      if (attempts === 1) throw new Error('chunk not reached');
      return original();
    });
    const { createMockApi } = await import('../api.ts');
    const onUnexpectedError = vi.fn();
    const api = createMockApi({ onUnexpectedError });
    expect((await api.handle(listRequest)).status).toBe(500);
    expect(onUnexpectedError).toHaveBeenCalledOnce();
    const answer = await api.handle(listRequest);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body?.text ?? '')).toHaveLength(25);
    expect(attempts).toBe(2);
  });
});
