import { createHash } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { createClock } from '../core/controls/clock.ts';
import { freePort } from '../test-support/free-port.ts';
import { rawRequest } from '../test-support/raw-http.ts';
import { TEST_START } from '../test-support/targets.ts';
import { fieldLines, startUpstream, type Upstream } from '../test-support/upstream.ts';
import { type RunningServer, startServer } from './server.ts';

const KEY = 'mock-key-123';
let upstream: Upstream;
/** A second backend a request must never be able to reach through the mock. */
let elsewhere: Upstream;
let mock: RunningServer;
const logged: string[] = [];

beforeAll(async () => {
  upstream = await startUpstream((req, res, body) => {
    if (req.url?.split('?')[0]?.endsWith('/teapot')) {
      res.sendDate = false;
      res.writeHead(418, 'Short And Stout', [
        'X-Upstream',
        'a',
        'x-upstream',
        'b',
        'Set-Cookie',
        'k=v',
        'Content-Length',
        String(body.length),
      ]);
      return res.end(body);
    }
    const answer = JSON.stringify({ upstream: true, method: req.method, url: req.url, bytes: body.length });
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(answer) });
    res.end(answer);
  });
  elsewhere = await startUpstream();
  mock = await startServer({
    port: 0,
    apiKeys: [KEY],
    clock: createClock('manual', TEST_START),
    passthrough: { upstream: `${upstream.url}/api/`, timeoutMs: 2000 },
    onResponse: (request, status, _ms, source) => {
      if (request.path.startsWith('/v1/'))
        logged.push(`${request.method} ${request.path} ${status} ${source ?? 'mock'}`);
    },
  });
});
afterAll(async () => {
  await mock.close();
  await upstream.close();
  await elsewhere.close();
});
afterEach(async () => {
  await mock.api.reset();
  upstream.received.length = 0;
  elsewhere.received.length = 0;
  logged.length = 0;
});

const json = { 'content-type': 'application/json' };
const auth = { authorization: `Bearer ${KEY}` };

describe('passthrough: what the mock does not answer goes to the upstream', () => {
  test('forwards an unknown path with its method, the path joined onto the upstream’s, query, body and fields', async () => {
    // Printable bytes: the raw client writes its payload as text.
    const body = Buffer.from(Array.from({ length: 3000 }, (_, i) => 33 + (i % 94)));
    const got = await rawRequest(
      mock.port,
      'POST /v1/users/me/teapot?a=1&b=%20 HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer upstream-token\r\n' +
        'X-Mock-Session: s1\r\nConnection: keep-alive, X-Hop\r\nX-Hop: gone\r\nX-Keep: Yes\r\nx-keep: again\r\n' +
        `Content-Type: application/octet-stream\r\nContent-Length: ${body.length}\r\n\r\n${body.toString('latin1')}`,
    );
    const [seen] = upstream.received;
    expect(seen?.method).toBe('POST');
    expect(seen?.url).toBe('/api/v1/users/me/teapot?a=1&b=%20');
    expect(seen?.body.equals(body)).toBe(true);
    const fields = fieldLines(seen?.rawHeaders ?? []);
    // The client's own Authorization as sent; repeated fields kept in order and case; no session, no hop.
    expect(fields).toEqual(
      expect.arrayContaining(['Authorization: Bearer upstream-token', 'X-Keep: Yes', 'x-keep: again']),
    );
    expect(fields.join('\n')).not.toMatch(/x-mock-session|x-hop|mock-key-123/i);
    expect(fields.filter((line) => /^host:/i.test(line))).toEqual([`host: ${new URL(upstream.url).host}`]);
    // The answer back unchanged: status, reason, repeated fields, body; nothing of the mock's added.
    expect(got.head).toMatch(/^HTTP\/1\.1 418 Short And Stout\r\n/);
    expect(got.head).toContain('X-Upstream: a\r\nx-upstream: b\r\nSet-Cookie: k=v');
    expect(got.head.toLowerCase()).not.toMatch(/access-control|\r\ndate:/);
    expect(Buffer.from(got.body, 'latin1').equals(body)).toBe(true);
  });

  test('streams a request body past the mock’s 1 MiB limit to the upstream, which the mock still applies to its own routes', async () => {
    const big = Buffer.alloc(3 * 1024 * 1024, 7);
    const forwarded = await fetch(`${mock.url}/v1/uploads`, { method: 'PUT', body: big });
    expect(await forwarded.json()).toMatchObject({ upstream: true, bytes: big.length });
    expect(
      createHash('sha256')
        .update(upstream.received[0]?.body ?? '')
        .digest('hex'),
    ).toBe(createHash('sha256').update(big).digest('hex'));
    const own = await fetch(`${mock.url}/__mock/orders`, { method: 'POST', headers: json, body: big });
    expect(own.status).toBe(413);
  });

  test('answers Expect: 100-continue itself and forwards the body; HEAD gets the head alone', async () => {
    const got = await rawRequest(
      mock.port,
      'POST /v1/uploads HTTP/1.1\r\nHost: 127.0.0.1\r\nExpect: 100-continue\r\nContent-Length: 5\r\n\r\nhello',
    );
    expect(got.text).toMatch(/^HTTP\/1\.1 100 Continue\r\n/);
    expect(got.status).toBe(200);
    expect(upstream.received[0]?.body.toString()).toBe('hello');
    expect(fieldLines(upstream.received[0]?.rawHeaders ?? []).join('\n')).not.toMatch(/^expect:/im);
    const head = await fetch(`${mock.url}/v1/users/me`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    expect(upstream.received[1]?.method).toBe('HEAD');
  });

  test('answers the documented operations itself, and never forwards its own paths', async () => {
    expect((await fetch(`${mock.baseUrl}/store/orders`, { headers: auth })).status).toBe(200);
    expect((await fetch(`${mock.baseUrl}/store/orders`)).status).toBe(401);
    expect(
      (await fetch(`${mock.baseUrl}/store/orders/999999`, { method: 'DELETE', headers: auth })).status,
    ).toBe(404);
    expect((await fetch(`${mock.url}/__mock/nothing-here`)).status).toBe(404);
    expect((await fetch(`${mock.url}/__mock/reset`, { method: 'POST' })).status).toBe(204);
    expect((await fetch(`${mock.url}/__health`)).status).toBe(200);
    expect((await fetch(`${mock.url}/__dashboard/api/nothing`)).status).toBe(404);
    expect((await fetch(`${mock.url}/__elsewhere`)).status).toBe(401);
    expect(upstream.received).toEqual([]);
  });

  test('no request can move the upstream: absolute-form targets, Host and X-Forwarded-* are not read', async () => {
    const elsewhereHost = new URL(elsewhere.url).host;
    const attempts = [
      `GET ${elsewhere.url}/v1/users/me HTTP/1.1\r\nHost: ${elsewhereHost}\r\n\r\n`,
      `GET /v1/users/me HTTP/1.1\r\nHost: ${elsewhereHost}\r\n\r\n`,
      `GET /v1/users/me HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Forwarded-Host: ${elsewhereHost}\r\n` +
        `X-Forwarded-Proto: http\r\nX-Forwarded-Port: ${new URL(elsewhere.url).port}\r\nForwarded: host=${elsewhereHost}\r\n\r\n`,
      `GET //${elsewhereHost}/v1/users/me HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`,
      `GET /@${elsewhereHost}/v1 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`,
    ];
    for (const attempt of attempts) expect((await rawRequest(mock.port, attempt)).status).toBe(200);
    expect(elsewhere.received).toEqual([]);
    expect(upstream.received.map((r) => r.url)).toEqual([
      '/api/v1/users/me',
      '/api/v1/users/me',
      '/api/v1/users/me',
      `/api//${elsewhereHost}/v1/users/me`,
      `/api/@${elsewhereHost}/v1`,
    ]);
  });

  test('refuses a Host off the allow-list and a target with dot segments before forwarding anything', async () => {
    const refused = await rawRequest(mock.port, 'GET /v1/users/me HTTP/1.1\r\nHost: evil.example\r\n\r\n');
    expect(refused.status).toBe(421);
    for (const target of ['/v1/../admin', '/v1/%2e%2e/%2e%2e/admin', '/v1/..%2fadmin', '/v1/..\\admin']) {
      const got = await rawRequest(mock.port, `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
      expect(got.status, target).toBe(400);
      expect(JSON.parse(got.body), target).toMatchObject({ code: 'INVALID_PATH' });
    }
    expect(upstream.received).toEqual([]);
  });

  test('the control planes keep their rules: a foreign page cannot toggle what goes upstream', async () => {
    const foreign = await fetch(`${mock.url}/__mock/passthrough`, {
      method: 'PUT',
      headers: { ...json, origin: 'http://evil.example' },
      body: '{"operations":["listOrders"]}',
    });
    expect(foreign.status).toBe(403);
    const plain = await fetch(`${mock.url}/__mock/passthrough`, {
      method: 'PUT',
      headers: { 'content-type': 'text/plain' },
      body: '{"operations":["listOrders"]}',
    });
    expect(plain.status).toBe(415);
    expect(mock.api.passthrough.settings().operations).toEqual([]);
  });
});

describe('passthrough per operation, per session, and the journal', () => {
  test('a toggled operation goes upstream and back until reset; other sessions keep the mock', async () => {
    const put = await fetch(`${mock.url}/__mock/passthrough`, {
      method: 'PUT',
      headers: { ...json, 'x-mock-session': 'frontend' },
      body: '{"operations":["listOrders"]}',
    });
    expect(await put.json()).toEqual({
      upstream: `${upstream.url}/api`,
      operations: ['listOrders'],
      documented: ['listOrders', 'cancelOrder', 'getPetById'],
    });
    const inSession = await fetch(`${mock.baseUrl}/store/orders`, {
      headers: { ...auth, 'x-mock-session': 'frontend' },
    });
    expect(await inSession.json()).toMatchObject({ upstream: true, url: '/api/v1/store/orders' });
    const outside = await fetch(`${mock.baseUrl}/store/orders`, { headers: auth });
    expect(Array.isArray(await outside.json())).toBe(true);
    await fetch(`${mock.url}/__mock/reset`, { method: 'POST', headers: { 'x-mock-session': 'frontend' } });
    const after = await fetch(`${mock.baseUrl}/store/orders`, {
      headers: { ...auth, 'x-mock-session': 'frontend' },
    });
    expect(Array.isArray(await after.json())).toBe(true);
    expect(upstream.received).toHaveLength(1);
  });

  test('the journal says who answered, and filters on it; the request log too', async () => {
    await fetch(`${mock.baseUrl}/store/orders`, { headers: auth });
    await fetch(`${mock.baseUrl}/users/me`, { headers: auth });
    const all = (await (await fetch(`${mock.url}/__mock/requests`)).json()) as {
      path: string;
      source: string;
    }[];
    expect(all.map((e) => [e.path, e.source])).toEqual([
      ['/v1/store/orders', 'mock'],
      ['/v1/users/me', 'upstream'],
    ]);
    const forwarded = await (await fetch(`${mock.url}/__mock/requests?source=upstream`)).json();
    expect(forwarded).toEqual([expect.objectContaining({ path: '/v1/users/me', status: 200 })]);
    // The mock's key is redacted in what was forwarded too.
    expect(JSON.stringify(forwarded)).not.toContain(KEY);
    const count = await (await fetch(`${mock.url}/__mock/requests/count?source=mock`)).json();
    expect(count).toEqual({ count: 1 });
    expect(logged).toEqual(['GET /v1/store/orders 200 mock', 'GET /v1/users/me 200 upstream']);
  });
});

describe('an upstream that fails', () => {
  test('a dead upstream: 502 with an Error body naming it, journalled as upstream', async () => {
    const port = await freePort();
    const dead = await startServer({ port: 0, passthrough: { upstream: `http://127.0.0.1:${port}/api` } });
    try {
      const got = await fetch(`${dead.url}/v1/users/me`);
      expect(got.status).toBe(502);
      const error = (await got.json()) as { code: string; message: string; status: number };
      expect(error).toMatchObject({ code: 'UPSTREAM_UNREACHABLE', status: 502 });
      expect(error.message).toContain(`http://127.0.0.1:${port}/api`);
      expect(dead.api.journal.entries()).toEqual([
        expect.objectContaining({ path: '/v1/users/me', status: 502, source: 'upstream' }),
      ]);
    } finally {
      await dead.close();
    }
  });

  test('a silent upstream: 504 once --passthrough-timeout has passed, never a hang', async () => {
    const silent = await startUpstream(() => {}, { readsBody: false });
    const waiting = await startServer({
      port: 0,
      passthrough: { upstream: silent.url, timeoutMs: 300 },
    });
    try {
      const got = await fetch(`${waiting.url}/v1/users/me`, { signal: AbortSignal.timeout(10_000) });
      expect(got.status).toBe(504);
      const error = (await got.json()) as { code: string; message: string };
      expect(error.code).toBe('UPSTREAM_TIMEOUT');
      expect(error.message).toBe(`The upstream ${silent.url} did not answer GET within 300 ms.`);
    } finally {
      await waiting.close();
      await silent.close();
    }
  });

  test('an upstream that stops mid-body cuts the client off rather than ending the body as if complete', async () => {
    const cutting = await startUpstream(
      (_req, res) => {
        res.writeHead(200, { 'content-length': '100' });
        res.write('partial');
        setTimeout(() => res.socket?.destroy(), 20);
      },
      { readsBody: false },
    );
    const front = await startServer({ port: 0, passthrough: { upstream: cutting.url } });
    try {
      const outcome = await new Promise<string>((resolve) => {
        const outgoing = httpRequest(`${front.url}/v1/big`, (res) => {
          res.on('data', () => {});
          res.on('end', () => resolve('ended'));
          res.on('error', () => resolve('cut'));
          res.on('aborted', () => resolve('cut'));
        });
        outgoing.on('error', () => resolve('cut'));
        outgoing.end();
      });
      expect(outcome).toBe('cut');
    } finally {
      await front.close();
      await cutting.close();
    }
  });
});
