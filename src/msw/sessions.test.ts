import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { createClock } from '../core/controls/clock.ts';
import { createHandlers } from './index.ts';

const origin = 'http://localhost:4010';
const { handlers, controller } = createHandlers({
  apiKeys: ['k'],
  clock: createClock('manual', Date.parse('2026-09-01T00:00:00Z')),
});
const server = setupServer(...handlers);
const as = (session: string) => ({ authorization: 'Bearer k', 'x-mock-session': session });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => controller.reset());

describe('controller.session(id)', () => {
  test("shows what requests with that X-Mock-Session see, and nothing of the others'", async () => {
    const cancel = await fetch(`${origin}/v1/store/orders/1`, { method: 'DELETE', headers: as('worker-1') });
    expect(cancel.status).toBe(204);
    expect((await controller.session('worker-1').store.get(1))?.status).toBe('cancelled');
    expect((await controller.session('worker-2').store.get(1))?.status).toBe('pending');
    expect((await controller.store.get(1))?.status).toBe('pending');
    expect(controller.session('worker-1').journal.entries()).toMatchObject([
      { method: 'DELETE', status: 204 },
    ]);
    expect(controller.journal.entries()).toEqual([]);
  });

  test('resets only its own session', async () => {
    await fetch(`${origin}/v1/store/orders/1`, { method: 'DELETE', headers: as('a') });
    await fetch(`${origin}/v1/store/orders/3`, { method: 'DELETE', headers: as('b') });
    await controller.session('a').reset();
    expect((await controller.session('a').store.get(1))?.status).toBe('pending');
    expect((await controller.session('b').store.get(3))?.status).toBe('cancelled');
  });
});
