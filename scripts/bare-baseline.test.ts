import { type ChildProcess, spawn } from 'node:child_process';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { type RunningServer, startServer } from '../src/node/server.ts';
import { PENDING_ID, SHIPPED_ID } from '../src/test-support/scenarios.ts';

// The bench's CPU rows compare ours with this server: what it sends must be what ours sends, or the ratio
// measures a different answer (its cancel once sent a 204 without the Store API's three CORS headers).
const KEY = 'bench-key';
let ours: RunningServer;
let bare: ChildProcess;
let bareOrigin: string;

beforeAll(async () => {
  ours = await startServer({ port: 0, host: '127.0.0.1', apiKeys: [KEY] });
  bare = spawn(process.execPath, ['--import', 'tsx', 'scripts/bare-baseline.ts', '--api-key', KEY], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  bareOrigin = await new Promise<string>((resolve, reject) => {
    let output = '';
    bare.stdout?.on('data', (chunk: Buffer) => {
      output += chunk;
      const listening = /http:\/\/[^\s/]+/.exec(output);
      if (listening) resolve(listening[0]);
    });
    bare.once('exit', (code) => reject(new Error(`the bare baseline exited with ${code}: ${output}`)));
  });
}, 30_000);

// Both from their start state, as the bench's rounds are (it resets between them the same way).
beforeEach(async () => {
  for (const origin of [ours.url, bareOrigin]) await fetch(`${origin}/__mock/reset`, { method: 'POST' });
});

afterAll(async () => {
  bare?.kill();
  await ours?.close();
});

/** Status, headers but Date, and body, as a client reads them. */
async function exchange(origin: string, method: string, path: string, authorized: boolean) {
  const response = await fetch(`${origin}${path}`, {
    method,
    headers: authorized ? { authorization: `Bearer ${KEY}` } : {},
  });
  const headers = Object.fromEntries([...response.headers].filter(([name]) => name !== 'date'));
  return { status: response.status, headers, body: await response.text() };
}

describe("the bench's bare baseline", () => {
  test.each([
    ['the list', 'GET', '/v1/store/orders', true],
    ['the 401', 'GET', '/v1/store/orders', false],
    ['the 404 for an unknown id', 'DELETE', '/v1/store/orders/1000000000', true],
    ['the 204 of a cancel', 'DELETE', `/v1/store/orders/${PENDING_ID}`, true],
    ['the 409 of a shipped order', 'DELETE', `/v1/store/orders/${SHIPPED_ID}`, true],
    ['the admin list', 'GET', '/__mock/orders', false],
  ] as const)('answers %s as the mock does, headers and body', async (_name, method, path, authorized) => {
    const theirs = await exchange(bareOrigin, method, path, authorized);
    expect(theirs).toEqual(await exchange(ours.url, method, path, authorized));
  });
});
