import { build } from 'esbuild';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { createClock } from '../core/controls/clock.ts';
import type { InMemoryOrderStore } from '../core/orders/store.ts';
import { createHandlers } from './index.ts';

const { handlers, controller } = createHandlers({
  baseUrl: 'https://api.shop.test/api/v1',
  apiKeys: ['k'],
  clock: createClock('manual', Date.parse('2026-09-01T00:00:00Z')),
});
const server = setupServer(...handlers);
const auth = { authorization: 'Bearer k' };

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => controller.reset());

describe('createHandlers', () => {
  test('serves the API under the base URL path it was given', async () => {
    const response = await fetch('https://api.shop.test/api/v1/store/orders', { headers: auth });
    expect(response.status).toBe(200);
    expect(await response.json()).toHaveLength(25);
  });

  test('cancels in one test…', async () => {
    const response = await fetch('https://api.shop.test/api/v1/store/orders/1', {
      method: 'DELETE',
      headers: auth,
    });
    expect(response.status).toBe(204);
    expect((await controller.store.get('1'))?.status).toBe('cancelled');
  });

  test('…and controller.reset() in beforeEach gives the next test the seed state back', async () => {
    expect((await controller.store.get('1'))?.status).toBe('pending');
    const response = await fetch('https://api.shop.test/api/v1/store/orders/1', {
      method: 'DELETE',
      headers: auth,
    });
    expect(response.status).toBe(204);
  });

  test('records what the app sent in the journal, key redacted', async () => {
    await fetch('https://api.shop.test/api/v1/store/orders?page=2', { headers: auth });
    expect(controller.journal.entries()).toMatchObject([
      {
        method: 'GET',
        path: '/api/v1/store/orders',
        query: 'page=2',
        status: 200,
        headers: { authorization: '[redacted]' },
      },
    ]);
  });

  test('leaves other origins alone', async () => {
    await expect(fetch('https://elsewhere.test/v1/store/orders')).rejects.toThrow();
  });

  test('logs an unexpected error with console.error by default, so the 500 that says "see its log" is seen', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    // The in-memory store's list reads its revision synchronously.
    const store = controller.api.store as InMemoryOrderStore;
    const revision = store.currentRevision;
    store.currentRevision = () => {
      throw new Error('disk on fire');
    };
    try {
      const response = await fetch('https://api.shop.test/api/v1/store/orders', { headers: auth });
      expect(response.status).toBe(500);
      expect(error).toHaveBeenCalledTimes(1);
      expect(String(error.mock.calls[0]?.[0])).toContain('GET /api/v1/store/orders');
    } finally {
      store.currentRevision = revision;
      error.mockRestore();
    }
  });

  test('moves the one clock from the controller: the pet lookup reaches its sunset', async () => {
    controller.clock.set(Date.parse('2027-07-01T00:00:00Z'));
    const response = await fetch('https://api.shop.test/api/v1/pets/1', { headers: auth });
    expect(response.status).toBe(410);
  });
});

describe('the MSW entry point, bundled for a browser', () => {
  test('carries neither the domains simulation nor ajv, and needs no eval', async () => {
    const result = await build({
      entryPoints: [new URL('./index.ts', import.meta.url).pathname],
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'browser',
      external: ['msw'],
      metafile: true,
      logLevel: 'silent',
    });
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs.filter((input) => /src\/domains\/|node_modules\/ajv/.test(input))).toEqual([]);
    expect(result.outputFiles[0]?.text).not.toMatch(/\beval\(|new Function\(/);
  });
});
