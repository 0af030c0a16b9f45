import { Buffer } from 'node:buffer';
import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { createMockApi } from '../core/api.ts';
import { orderSeeds } from '../seed/generate.ts';
import { start } from '../test-support/cli-run.ts';
import { WORKER_SEED_THRESHOLD } from './seed.ts';

const committed = JSON.parse(readFileSync(new URL('../../fixtures/orders.json', import.meta.url), 'utf8'));

// The generator loads faker without a locale (docs/performance.md, "Start-up"); the seeded orders must not change.
test('--seed 7 --orders 25 serves exactly the committed fixtures/orders.json', async () => {
  const mock = await start('--seed', '7', '--orders', '25', '--quiet');
  const response = await fetch(`${mock.url}/__mock/orders`);
  expect(await response.json()).toEqual(committed);
});

// From the threshold on, the orders are generated in a worker thread and loaded as columns (docs/decisions.md, "Large generated seeds").
test('a seed generated in a worker serves the same list bytes as the seed generated as objects', async () => {
  const generate = { seed: 7, count: WORKER_SEED_THRESHOLD };
  const mock = await start('--seed', '7', '--orders', String(generate.count), '--quiet', '--api-key', 'k');
  const served = await fetch(`${mock.baseUrl}/store/orders`, { headers: { authorization: 'Bearer k' } });
  const objects = createMockApi({ apiKeys: ['k'], orders: orderSeeds(generate) });
  const expected = await objects.handle({
    method: 'GET',
    path: '/v1/store/orders',
    query: '',
    headers: { authorization: 'Bearer k' },
  });
  expect(Buffer.from(await served.arrayBuffer()).equals(Buffer.from(expected.body?.text ?? ''))).toBe(true);
});
