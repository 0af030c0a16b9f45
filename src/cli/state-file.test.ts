import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { createClock } from '../core/controls/clock.ts';
import { createMock } from '../mock/mock.ts';
import { runToEnd, start } from '../test-support/cli-run.ts';
import { stateFileWriter } from './state-file.ts';

const DEV = { authorization: 'Bearer petstore-dev-key', 'content-type': 'application/json' };
let dir: string;
let file: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'state-file-'));
  file = join(dir, 'state.json');
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const send = (url: string, method: string, path: string, body?: unknown) =>
  fetch(`${url}${path}`, {
    method,
    headers: DEV,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
const stateOf = async (url: string) => (await send(url, 'GET', '/__mock/state')).json();

describe('--state-file', () => {
  test('a restarted mock finds its orders, a half-verified domain and its manual clock back', async () => {
    const first = await start('--state-file', file, '--clock', 'manual');
    await send(first.url, 'POST', '/__mock/orders', { id: 900, petId: 2, status: 'pending' });
    await send(first.url, 'DELETE', '/v1/store/orders/900');
    await send(first.url, 'POST', '/__mock/orders', { id: 901, petId: 3, status: 'shipped' });
    await send(first.url, 'POST', '/__mock/presets/domains:verifying');
    await send(first.url, 'POST', '/__mock/clock/advance', { by: '3m' });
    const saved = await stateOf(first.url);
    expect(saved.domains.domains).toMatchObject([{ status: 'verifying' }]);
    expect(await first.stop()).toBe(0);
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({
      $schema: expect.stringMatching(/spec\/mock-state\.schema\.json$/),
      clock: saved.clock,
    });

    const second = await start('--state-file', file, '--clock', 'manual');
    expect(second.stdout()).toContain(`State:   kept in ${file}`);
    expect(await stateOf(second.url)).toEqual(saved);
    expect((await send(second.url, 'DELETE', '/v1/store/orders/900')).status).toBe(404);
    expect((await send(second.url, 'DELETE', '/v1/store/orders/901')).status).toBe(409);
    // Stopped here, not by cli-run's hook, which runs after this file's own removes the folder it writes to.
    expect(await second.stop()).toBe(0);
  });

  test.each([
    ['not JSON', '{"version":1,"orders":[', /--state-file .*state\.json: not JSON/],
    ['not a state', '{"version":1}', /--state-file .*state\.json: Invalid state: "clock" is required\./],
  ])(
    'a file that is %s stops the start with exit 2 and one line, and is left as it was',
    async (_, text, line) => {
      await writeFile(file, text);
      const { code, stderr } = await runToEnd(['--port', '0', '--state-file', file]);
      expect(code).toBe(2);
      expect(stderr).toMatch(line);
      expect(stderr.trim().split('\n')).toHaveLength(1);
      expect(await readFile(file, 'utf8')).toBe(text);
    },
  );

  test('is refused beside --store, where Redis keeps the state', async () => {
    const { code, stderr } = await runToEnd(['--state-file', file, '--store', 'redis://127.0.0.1:1/0']);
    expect([code, stderr]).toEqual([2, expect.stringContaining('with --store the state lives in Redis')]);
  });

  test('a burst of 1,000 cancels is written a handful of times, the last write holding all of them', async () => {
    const orders = Array.from({ length: 1000 }, (_, i) => ({
      id: i + 1,
      petId: 1,
      quantity: 1,
      status: 'pending' as const,
    }));
    let writes = 0;
    const texts: string[] = [];
    const writer = stateFileWriter({
      file,
      snapshot: () => mock.snapshot(),
      onError: (error) => {
        throw error;
      },
      write: async (_, text) => {
        writes++;
        texts.push(text);
      },
    });
    const mock = createMock({ orders, clock: createClock('manual', 0), onChange: writer.changed });
    const cancel = (id: number) =>
      mock.handle({ method: 'DELETE', path: `/v1/store/orders/${id}`, query: '', headers: DEV });
    for (let batch = 0; batch < 10; batch++) {
      await Promise.all(Array.from({ length: 100 }, (_, i) => cancel(batch * 100 + i + 1)));
    }
    await writer.flush();
    expect(writes).toBeGreaterThan(0);
    expect(writes).toBeLessThanOrEqual(10);
    const last = JSON.parse(texts.at(-1) as string);
    expect(last.orders.every((order: { status: string }) => order.status === 'cancelled')).toBe(true);
  });
  test('a flush during a write leaves nothing scheduled: no write comes after it', async () => {
    let writes = 0;
    let release = () => {};
    const firstWrite = new Promise<void>((resolve) => {
      release = resolve;
    });
    let started = () => {};
    const writeStarted = new Promise<void>((resolve) => {
      started = resolve;
    });
    const writer = stateFileWriter({
      file,
      snapshot: async () => ({ version: 1 }),
      onError: (error) => {
        throw error;
      },
      delayMs: 0,
      write: async () => {
        writes++;
        started();
        if (writes === 1) await firstWrite;
      },
    });
    writer.changed();
    await writeStarted;
    writer.changed(); // a change while the first write is under way
    const flushed = writer.flush();
    release();
    await flushed;
    const afterFlush = writes;
    // Whatever a timer would have done runs now: a write after the flush would land in a folder being removed.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(afterFlush).toBe(2);
    expect(writes).toBe(afterFlush);
  });
});
