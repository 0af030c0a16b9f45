import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { start } from '../test-support/cli-run.ts';

const committed = JSON.parse(readFileSync(new URL('../../fixtures/orders.json', import.meta.url), 'utf8'));

// The generator loads faker's English locale only (issue #18: start-up); the seeded orders must not change.
test('--seed 7 --orders 25 serves exactly the committed fixtures/orders.json', async () => {
  const mock = await start('--seed', '7', '--orders', '25', '--quiet');
  const response = await fetch(`${mock.url}/__mock/orders`);
  expect(await response.json()).toEqual(committed);
});
