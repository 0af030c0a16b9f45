import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { listOrders, runToEnd, start } from '../test-support/cli-run.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'petstore-cli-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const order = { petId: 1, quantity: 1, status: 'pending' };
async function fixtureFile(content: unknown, name = 'orders.json'): Promise<string> {
  const file = join(dir, name);
  await writeFile(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
}
const listedIds = async (baseUrl: string) =>
  ((await (await listOrders(baseUrl)).json()) as { id: number }[]).map((o) => o.id);

async function refusal(content: unknown): Promise<string> {
  const { code, stderr } = await runToEnd(['--port', '0', '--fixtures', await fixtureFile(content)]);
  expect(code).toBe(2);
  expect(stderr.split('\n')).toHaveLength(2);
  return stderr.trim();
}

describe('petstore-mock --fixtures', () => {
  test('loads ids beyond 2^53 given as strings', async () => {
    const file = await fixtureFile([{ ...order, id: '9223372036854775807', status: 'shipped' }]);
    const mock = await start('--fixtures', file, '--quiet');
    expect(await (await listOrders(mock.baseUrl)).text()).toContain('"id":9223372036854775807,');
  });

  test('gives an entry without an id the first id no entry names, so no order is lost', async () => {
    const mock = await start('--fixtures', await fixtureFile([{ ...order, id: 2 }, order]), '--quiet');
    expect(await listedIds(mock.baseUrl)).toEqual([2, 1]);
  });

  test('refuses duplicate ids at start, naming both entries', async () => {
    expect(await refusal([{ ...order, id: 1 }, order, { ...order, id: 1 }])).toMatch(
      /^petstore-mock: --fixtures ".*orders\.json": orders\[0\] and orders\[2\] both have id 1\.$/,
    );
  });

  test('refuses a missing status or a wrong type at start, naming the entry', async () => {
    expect(await refusal([order, { id: 1 }])).toMatch(/: orders\[1\]: status is required\.$/);
    expect(await refusal({ orders: [{ ...order, quantity: '2' }] })).toMatch(
      /: orders\[0\]\.quantity must be integer\.$/,
    );
  });

  test('accepts a UTF-8 byte order mark, and reports bad JSON on one line', async () => {
    const mock = await start('--fixtures', await fixtureFile(`\ufeff${JSON.stringify([order])}`), '--quiet');
    expect(await listedIds(mock.baseUrl)).toEqual([1]);
    expect(await refusal(`[\n  ${JSON.stringify(order)},\n  }\n]`)).toMatch(
      /: not valid JSON: Unexpected token '}' at line 3, column 3$/,
    );
  });

  test('--watch serves the new orders after the file changes, and keeps them when a later file is bad', async () => {
    const file = await fixtureFile([{ ...order, id: 1 }]);
    const mock = await start('--fixtures', file, '--watch', '--quiet');
    expect(await listedIds(mock.baseUrl)).toEqual([1]);

    await writeFile(
      file,
      JSON.stringify([
        { ...order, id: 5 },
        { ...order, id: 6 },
      ]),
    );
    await expect.poll(mock.stdout, { timeout: 5_000 }).toContain(`Reloaded 2 orders from ${file}.`);
    expect(await listedIds(mock.baseUrl)).toEqual([5, 6]);

    await writeFile(
      file,
      JSON.stringify([
        { ...order, id: 7 },
        { ...order, id: 7 },
      ]),
    );
    await expect
      .poll(mock.stdout, { timeout: 5_000 })
      .toContain('both have id 7. Keeping the current orders.');
    const failure = mock
      .stdout()
      .split('\n')
      .filter((line) => line.includes('Keeping'));
    expect(failure).toHaveLength(1);
    expect(await listedIds(mock.baseUrl)).toEqual([5, 6]);
  });
});
