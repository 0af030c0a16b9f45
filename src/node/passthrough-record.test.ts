import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Entry, Har } from 'har-format';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { gradeMain } from '../../conformance/har/cli.ts';
import { createClock } from '../core/controls/clock.ts';
import { readHarFile } from '../exchange/har-file.ts';
import { freePort } from '../test-support/free-port.ts';
import { har12Problems } from '../test-support/har-shape.ts';
import { TEST_START } from '../test-support/targets.ts';
import { startUpstream, type Upstream } from '../test-support/upstream.ts';
import { RECORDED_BODY_BYTES } from './passthrough-record.ts';
import { type RunningServer, type ServerOptions, startServer } from './server.ts';

const KEY = 'mock-key-5f8a2c';
let dir: string;
let file: string;
const closing: { close(): Promise<void> }[] = [];

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'record-misses-'));
  file = join(dir, 'misses.har');
});
afterEach(async () => {
  for (const one of closing.splice(0).reverse()) await one.close();
  await rm(dir, { recursive: true, force: true });
});

async function upstreamWith(handler?: Parameters<typeof startUpstream>[0]): Promise<Upstream> {
  const upstream = await startUpstream(handler);
  closing.push(upstream);
  return upstream;
}

async function mockFor(upstream: string, options: ServerOptions = {}): Promise<RunningServer> {
  const mock = await startServer({
    port: 0,
    apiKeys: [KEY],
    clock: createClock('manual', TEST_START),
    ...options,
    passthrough: { upstream, timeoutMs: 2000, recordMisses: file, ...options.passthrough },
  });
  closing.push(mock);
  return mock;
}

/** The file once it holds `count` entries, checked as HAR 1.2 each time it is read. */
async function harWith(count: number): Promise<Har> {
  return vi.waitFor(async () => {
    const har = JSON.parse(await readFile(file, 'utf8')) as Har;
    expect(har12Problems(har)).toEqual([]);
    expect(har.log.entries).toHaveLength(count);
    return har;
  });
}

const header = (entry: Entry | undefined, side: 'request' | 'response', name: string) =>
  entry?.[side].headers.find((field) => field.name === name)?.value;

describe('--record-misses: forwarded exchanges appended to a HAR', () => {
  test('each forwarded exchange is appended as it happens, the file a whole HAR 1.2 after each', async () => {
    const upstream = await upstreamWith((req, res, body) => {
      const answer = JSON.stringify({ path: req.url, got: body.toString() });
      res.writeHead(201, 'Made', { 'content-type': 'application/json', 'x-upstream': 'yes' });
      res.end(answer);
    });
    const mock = await mockFor(`${upstream.url}/api`);
    // With the mock's key, the request may create its session (it is the client's to send upstream, too).
    await fetch(`${mock.baseUrl}/users/me?page=2`, {
      headers: { 'x-mock-session': 'tab-1', authorization: `Bearer ${KEY}` },
    });
    const first = (await harWith(1)).log.entries[0];
    expect(first).toMatchObject({
      startedDateTime: new Date(TEST_START).toISOString(),
      _source: 'upstream',
      _session: 'tab-1',
      request: { method: 'GET', url: `${upstream.url}/api/v1/users/me?page=2` },
      response: {
        status: 201,
        statusText: 'Made',
        content: { mimeType: 'application/json', text: '{"path":"/api/v1/users/me?page=2","got":""}' },
      },
    });
    expect(header(first, 'response', 'x-upstream')).toBe('yes');
    expect(header(first, 'request', 'authorization')).toMatch(/^Bearer \[redacted\]$/i);
    // The mock's own answers are not misses.
    await fetch(`${mock.baseUrl}/store/orders`, { headers: { authorization: `Bearer ${KEY}` } });
    await fetch(`${mock.url}/app/save`, { method: 'POST', body: 'draft=1' });
    const second = (await harWith(2)).log.entries[1];
    expect(second?.request.postData?.text).toBe('draft=1');
    expect(second?.request.url).toBe(`${upstream.url}/api/app/save`);
    // The kit's own reader takes it back.
    expect((await readHarFile(file)).map((exchange) => exchange.response?.status)).toEqual([201, 201]);
  });

  test('records no credential: Authorization keeps its scheme, keys, cookies, tokens and the mock’s keys go', async () => {
    const upstream = await upstreamWith((req, res, body) => {
      // A backend that echoes what it was sent, as debugging endpoints do.
      const echo = JSON.stringify({ url: req.url, headers: req.headers, body: body.toString() });
      res.writeHead(200, {
        'content-type': 'application/json',
        'set-cookie': 'sid=cookie-from-upstream-77; Path=/',
      });
      res.end(echo);
    });
    const mock = await mockFor(upstream.url);
    await fetch(`${mock.url}/v1/users/me?access_token=query-token-123&page=2`, {
      method: 'POST',
      headers: {
        authorization: 'Bearer client-token-abc',
        cookie: 'theme=cookie-value-xyz',
        'x-api-key': 'header-key-456',
        'content-type': 'application/json',
      },
      body: JSON.stringify({ note: `the mock's key is ${KEY}` }),
    });
    const text = (await harWith(1)) && (await readFile(file, 'utf8'));
    for (const secret of [
      'client-token-abc',
      'cookie-value-xyz',
      'header-key-456',
      'query-token-123',
      'cookie-from-upstream-77',
      KEY,
    ]) {
      expect(text).not.toContain(secret);
    }
    const [entry] = (JSON.parse(text) as Har).log.entries;
    expect(header(entry, 'request', 'authorization')).toMatch(/^Bearer \[redacted\]$/i);
    expect(entry?.request.url).toMatch(/\?access_token=.*redacted.*&page=2$/i);
    expect(entry?.request.postData?.text).toMatch(/the mock's key is \[redacted\]/i);
  });

  test('a token the mock issued after the start is redacted too, and the client secret of its clients', async () => {
    const upstream = await upstreamWith((req, res, body) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end(`you sent ${body.toString()} to ${req.url}`);
    });
    const mock = await mockFor(upstream.url, {
      oauthClients: [{ clientId: 'web', clientSecret: 'web-secret-9f3k2' }],
    });
    const issued = await fetch(`${mock.url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials&client_id=web&client_secret=web-secret-9f3k2',
    });
    const { access_token: token } = (await issued.json()) as { access_token: string };
    // The app pastes both into a request the backend echoes (no credential field carries them).
    await fetch(`${mock.url}/notes`, { method: 'POST', body: `${token} web-secret-9f3k2` });
    const text = (await harWith(1)) && (await readFile(file, 'utf8'));
    expect(text).not.toContain(token);
    expect(text).not.toContain('web-secret-9f3k2');
    const [entry] = (JSON.parse(text) as Har).log.entries;
    expect(entry?.response.content.text).toMatch(/^you sent \[redacted\] \[redacted\] to \/notes$/i);
  });

  test('a dead upstream’s 502 is recorded with its error, as an entry without an answer', async () => {
    const mock = await mockFor(`http://127.0.0.1:${await freePort()}`);
    const got = await fetch(`${mock.baseUrl}/users/me`);
    expect(got.status).toBe(502);
    const [entry] = (await harWith(1)).log.entries as (Entry & { _error?: string })[];
    expect(entry?.response.status).toBe(0);
    expect(entry?._error).toMatch(
      /^The upstream http:\/\/127\.0\.0\.1:\d+ could not be reached for GET: .*ECONNREFUSED/,
    );
    expect(entry?.comment).toBe('no answer from the upstream; the mock answered 502 UPSTREAM_UNREACHABLE.');
  });

  test('a body over the bound is recorded by its size, with a comment saying it was not kept', async () => {
    const size = RECORDED_BODY_BYTES * 3;
    const upstream = await upstreamWith((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': size });
      res.end(Buffer.alloc(size, 7));
    });
    const mock = await mockFor(upstream.url);
    const got = await fetch(`${mock.url}/download`);
    expect((await got.arrayBuffer()).byteLength).toBe(size);
    const [entry] = (await harWith(1)).log.entries;
    expect(entry?.response.content).toEqual({ size, mimeType: 'application/octet-stream' });
    expect(entry?.response.bodySize).toBe(size);
    expect(entry?.comment).toBe(
      `response body of ${size} bytes not kept (over the recording's ${RECORDED_BODY_BYTES}-byte bound).`,
    );
  });

  test('exchanges forwarded just before a stop are on disk once close() resolves', async () => {
    const upstream = await upstreamWith();
    const mock = await mockFor(upstream.url);
    await Promise.all(Array.from({ length: 20 }, (_, n) => fetch(`${mock.url}/item/${n}`)));
    await mock.close();
    const urls = (await readHarFile(file)).map((exchange) => exchange.request.url);
    expect(urls.sort()).toEqual(Array.from({ length: 20 }, (_, n) => `${upstream.url}/item/${n}`).sort());
  });

  test('a file that holds entries already is appended to', async () => {
    const upstream = await upstreamWith();
    const first = await mockFor(upstream.url);
    await fetch(`${first.url}/one`);
    await first.close();
    const second = await mockFor(upstream.url);
    await fetch(`${second.url}/two`);
    const har = await harWith(2);
    expect(har.log.entries.map((entry) => new URL(entry.request.url).pathname)).toEqual(['/one', '/two']);
  });

  test('a path that cannot take the recording stops the start with one line naming it', async () => {
    const upstream = await upstreamWith();
    const start = (recordMisses: string) =>
      startServer({ port: 0, passthrough: { upstream: upstream.url, recordMisses } });
    await expect(start(join(dir, 'missing', 'x.har'))).rejects.toThrow(
      /^Cannot record the forwarded exchanges in .*x\.har: the folder .*missing does not exist\.$/,
    );
    await expect(start(dir)).rejects.toThrow(/: it is a folder\.$/);
    await writeFile(file, 'notes, not a HAR');
    await expect(start(file)).rejects.toThrow(/misses\.har: not JSON .*$/);
    expect(await readFile(file, 'utf8')).toBe('notes, not a HAR');
  });
});

describe('the recording graded', () => {
  test('petstore-conformance grade --har takes it and grades the Store API exchanges sent upstream', async () => {
    // A real Store API upstream (another mock), with listOrders sent to it.
    const store = await startServer({
      port: 0,
      apiKeys: ['upstream-key-9'],
      clock: createClock('manual', TEST_START),
    });
    closing.push(store);
    const mock = await mockFor(store.url, {
      passthrough: { upstream: store.url, operations: ['listOrders'] },
    });
    const got = await fetch(`${mock.baseUrl}/store/orders?limit=2`, {
      headers: { authorization: 'Bearer upstream-key-9' },
    });
    expect(got.status).toBe(200);
    await fetch(`${mock.url}/elsewhere`);
    await harWith(2);
    let out = '';
    const code = await gradeMain(['--har', file, '--base-url', `${store.url}/v1`], {
      stdout: (text) => {
        out += text;
      },
      stderr: (text) => {
        out += text;
      },
    });
    expect(out).toContain('2 entries: 1 graded');
    expect(out).not.toContain('upstream-key-9');
    expect(code).toBe(0);
  });
});
