import { Buffer } from 'node:buffer';
import { describe, expect, test } from 'vitest';
import { createMockApi } from '../core/api.ts';
import type { MockResponse } from '../core/types.ts';
import { orderSeeds } from '../seed/generate.ts';
import { generateInWorker } from './seed-worker.ts';

const KEY = 'k';
const get = (path: string) => ({
  method: 'GET',
  path,
  query: '',
  headers: { authorization: `Bearer ${KEY}` },
});
const bytes = (response: MockResponse) => Buffer.concat(response.body?.chunks ?? []);

describe('generating a seed in a worker thread', () => {
  test('serves byte for byte the lists of the seed generated as objects in this thread', async () => {
    const options = { seed: 7, count: 5000 };
    const fromWorker = createMockApi({ apiKeys: [KEY], orders: await generateInWorker(options) });
    const fromObjects = createMockApi({ apiKeys: [KEY], orders: orderSeeds(options) });
    for (const path of ['/v1/store/orders', '/__mock/orders']) {
      const [worker, objects] = await Promise.all([
        fromWorker.handle(get(path)),
        fromObjects.handle(get(path)),
      ]);
      expect(worker.status, path).toBe(200);
      expect(bytes(worker).length, path).toBeGreaterThan(100_000);
      expect(bytes(worker).equals(bytes(objects)), path).toBe(true);
      expect(worker.body?.text, path).toBe(objects.body?.text);
    }
  });

  test('a worker that fails rejects with one line instead of leaving the start-up waiting', async () => {
    await expect(generateInWorker({ seed: 7, count: -1 })).rejects.toThrow(
      /^generating -1 orders failed: count must be a whole number of at least 0, not -1$/,
    );
  });
});
