import { afterEach, describe, expect, test } from 'vitest';
import { createClock } from '../core/controls/clock.ts';
import { generateOrderColumns } from '../seed/generate.ts';
import { rawRequest } from '../test-support/raw-http.ts';
import { TEST_START } from '../test-support/targets.ts';
import { type RunningServer, type ServerOptions, startServer } from './server.ts';

let mock: RunningServer | undefined;
afterEach(async () => {
  await mock?.close();
  mock = undefined;
});

async function start(options: Partial<ServerOptions> = {}): Promise<string> {
  mock = await startServer({
    port: 0,
    apiKeys: ['test-key'],
    clock: createClock('manual', TEST_START),
    ...options,
  });
  return `http://127.0.0.1:${mock.port}`;
}

const json = { 'content-type': 'application/json' };

describe('the body limit of PUT /__mock/state', () => {
  test('takes back a state of 20,000 orders (over the 1 MiB body limit) that GET /__mock/state gave', async () => {
    const origin = await start({ orders: generateOrderColumns({ seed: 3, count: 20_000 }) });
    const saved = await (await fetch(`${origin}/__mock/state`)).text();
    expect(saved.length).toBeGreaterThan(1024 * 1024);
    await fetch(`${origin}/__mock/orders/5/cancel`, { method: 'POST', headers: json });

    const put = await fetch(`${origin}/__mock/state`, { method: 'PUT', headers: json, body: saved });

    expect(put.status).toBe(200);
    expect(await put.text()).toBe(saved);
  });

  test('still refuses other bodies over the general limit', async () => {
    const origin = await start({ maxBodyBytes: 1024, maxStateBodyBytes: 64 * 1024 });
    const body = JSON.stringify({ petId: 1, quantity: 1, padding: 'x'.repeat(2048) });

    const post = await fetch(`${origin}/__mock/orders`, { method: 'POST', headers: json, body });

    expect(post.status).toBe(413);
  });

  test('refuses a state over its own bound by 413, from the Content-Length or while reading a chunked body, and keeps the state', async () => {
    const origin = await start({ maxBodyBytes: 1024, maxStateBodyBytes: 64 * 1024 });
    const before = await (await fetch(`${origin}/__mock/state`)).text();
    const port = (mock as RunningServer).port;
    const head = 'PUT /__mock/state HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n';

    const declared = await rawRequest(port, `${head}Content-Length: 70000\r\n\r\n`);
    const chunk = `{"padding":"${'x'.repeat(70_000)}"}`;
    const chunked = await rawRequest(
      port,
      `${head}Transfer-Encoding: chunked\r\n\r\n${chunk.length.toString(16)}\r\n${chunk}\r\n0\r\n\r\n`,
    );

    expect(declared.status).toBe(413);
    expect(JSON.parse(declared.body)).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    expect(declared.body).toContain('65536 bytes');
    expect(chunked.status).toBe(413);
    expect(await (await fetch(`${origin}/__mock/state`)).text()).toBe(before);
  });

  test('takes a state between the two limits', async () => {
    const origin = await start({ maxBodyBytes: 1024, maxStateBodyBytes: 64 * 1024 });
    const saved = await (await fetch(`${origin}/__mock/state`)).text();
    expect(saved.length).toBeGreaterThan(1024);

    const put = await fetch(`${origin}/__mock/state`, { method: 'PUT', headers: json, body: saved });

    expect(put.status).toBe(200);
  });
});
