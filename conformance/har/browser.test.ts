import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type RunningServer, startServer } from '../../src/node/server.ts';
import { launchChromium, skipWithoutChromium } from '../../src/test-support/chromium.ts';
import { importIntoDevTools } from '../../src/test-support/devtools-har.ts';
import { PENDING_ID, SHIPPED_ID } from '../../src/test-support/scenarios.ts';
import { main } from '../cli/main.ts';
import { gradeMain } from './cli.ts';

// The main input of `grade --har`: what a real browser records of a page that calls the mock.

const KEY = 'har-test-key';
let dir: string;
let mock: RunningServer;
let browser: Browser;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'grade-har-'));
  mock = await startServer({ port: 0, apiKeys: [KEY] });
  if (!skipWithoutChromium) browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await mock?.close();
  await rm(dir, { recursive: true, force: true });
});

/** A page on the mock's origin (its control page) whose script calls the Store API, recorded as a HAR. */
async function recordPage(name: string): Promise<string> {
  const file = join(dir, name);
  const context = await browser.newContext({ recordHar: { path: file, content: 'embed' } });
  const page = await context.newPage();
  await page.goto(`${mock.url}/__mock/`);
  await page.evaluate(
    async ({ key, pending, shipped }) => {
      const auth = { authorization: `Bearer ${key}` };
      // As an app does: each answer read whole.
      const call = async (path: string, init: RequestInit = {}) => (await fetch(path, init)).text();
      await call('/v1/store/orders', { headers: auth });
      await call(`/v1/store/orders/${pending}`, { method: 'DELETE', headers: auth });
      await call(`/v1/store/orders/${shipped}`, { method: 'DELETE', headers: auth });
      await call('/v1/store/orders');
      await call('/v1/store/orders', { headers: auth });
    },
    { key: KEY, pending: PENDING_ID, shipped: SHIPPED_ID },
  );
  await context.close();
  return file;
}

async function grade(...args: string[]) {
  let stdout = '';
  let stderr = '';
  const io = {
    stdout: (text: string) => {
      stdout += text;
    },
    stderr: (text: string) => {
      stderr += text;
    },
  };
  const code = await gradeMain(args, io);
  return { code, stdout, stderr };
}

describe.skipIf(skipWithoutChromium)('a HAR that Chromium recorded of a page calling the mock', () => {
  test('grades clean (exit 0): the Store API entries graded, the page and its scripts counted and ignored', async () => {
    await mock.api.reset();
    const file = await recordPage('clean.har');
    const { code, stdout } = await grade('--har', file, '--base-url', mock.baseUrl);
    expect(stdout).toMatch(
      /entries: 5 graded, 0 under the API but no operation, 0 without an answer, [1-9]\d* outside/,
    );
    expect(stdout).not.toContain(KEY);
    expect(code).toBe(0);
  });

  test('with the mock switched to a broken answer, fails (exit 1) citing the entry and its request line', async () => {
    await mock.api.reset();
    // The third GET of the list (the page's last call) answers 200 with a body cut mid-way.
    mock.api.traffic.addFault({ method: 'GET', path: '/v1/store/orders', fault: 'malformed', nth: 3 });
    const file = await recordPage('broken.har');
    const har = JSON.parse(await readFile(file, 'utf8'));
    const index = har.log.entries.findLastIndex((entry: { request: { url: string } }) =>
      entry.request.url.endsWith('/v1/store/orders'),
    );
    expect(index).toBeGreaterThan(0);
    const { code, stdout } = await grade('--har', file, '--base-url', mock.baseUrl, '--reporter', 'pretty');
    expect(code).toBe(1);
    expect(stdout).toContain(
      `FAIL must   orders.list (listOrders) — entry ${index} (GET /v1/store/orders): `,
    );
  });

  test('the mock’s own journal as a HAR opens in DevTools’ Import HAR and grades like the browser’s', async () => {
    await mock.api.reset();
    await recordPage('again.har');
    const response = await fetch(`${mock.url}/__mock/requests?format=har`);
    const har = await response.json();
    const file = join(dir, 'journal.har');
    await writeFile(file, JSON.stringify(har));
    const imported = await importIntoDevTools(har, browser);
    expect(imported.map(({ method, status }) => `${method} ${status}`)).toEqual([
      'GET 200',
      'DELETE 204',
      'DELETE 409',
      'GET 401',
      'GET 200',
    ]);
    expect(imported[0]?.requestHeaders.authorization).toBe('Bearer [REDACTED]');
    expect(imported[2]?.content).toContain('"status":409');
    expect((await grade('--har', file)).code).toBe(0);
  });

  test('a conformance run’s --har opens in DevTools with every exchange, and never shows the key', async () => {
    await mock.api.reset();
    const file = join(dir, 'run.har');
    const out: string[] = [];
    const code = await main(
      ['--base-url', mock.baseUrl, '--api-key', KEY, '--har', file],
      {},
      {
        stdout: (text) => out.push(text),
        stderr: (text) => out.push(text),
      },
    );
    expect(code).toBe(0);
    const text = await readFile(file, 'utf8');
    expect(text).not.toContain(KEY);
    const har = JSON.parse(text);
    expect(har.log.creator.name).toBe('petstore-conformance');
    expect(out.join('')).toContain(`wrote ${file} (${har.log.entries.length} exchanges)`);
    const imported = await importIntoDevTools(har, browser);
    expect(imported).toHaveLength(har.log.entries.length);
    expect(imported.length).toBeGreaterThan(10);
    expect((await grade('--har', file, '--base-url', mock.baseUrl)).code).toBe(0);
  });
});

describe('grade --har with a file that is not a whole HAR', () => {
  test.each([
    [
      'truncated',
      '{"log": {"version": "1.2", "entries": [{"startedDate',
      /: not JSON \(.*\): a truncated file\?$/,
    ],
    ['not a HAR', '{"orders": []}', /: the file has no "log": not a HAR file$/],
    [
      'without the API',
      '{"log": {"entries": []}}',
      /: none of its 0 entries is under \/v1; give --base-url$/,
    ],
  ])('%s is exit 2 with one line', async (name, text, line) => {
    const file = join(dir, `${name}.har`);
    await writeFile(file, text);
    const { code, stderr } = await grade('--har', file);
    expect(code).toBe(2);
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr.trim()).toMatch(line);
  });
});
