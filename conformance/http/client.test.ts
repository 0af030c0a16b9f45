import { describe, expect, it } from 'vitest';
import { closedPort } from '../test-support/listen.ts';
import { serverPool } from '../test-support/pool.ts';
import { type ClientOptions, createHttpClient, joinUrl } from './client.ts';
import { staticCredential } from './credential.ts';

const { serve } = serverPool();

const base = (baseUrl: string, more: Partial<ClientOptions> = {}): ClientOptions => ({
  baseUrl,
  credential: staticCredential('secret-key', 'api-key'),
  timeoutMs: 1000,
  retries: 0,
  maxBodyBytes: 1024,
  fetch,
  ...more,
});

/** A clock that only moves when the client sleeps; `waits` records each sleep. */
function fakeClock() {
  let time = 0;
  const waits: number[] = [];
  const clock = {
    now: () => time,
    sleep: async (ms: number) => {
      waits.push(Math.round(ms));
      time += ms;
    },
  };
  return { clock, waits };
}

describe('http client', () => {
  it('records the exchange raw for grading, with the Authorization header described, never kept', async () => {
    const url = await serve((req, res) => {
      res.setHeader('x-echo', String(req.headers.authorization));
      res.end(`you sent ${req.headers.authorization}`);
    });
    const exchange = await createHttpClient(base(url)).send({ method: 'GET', path: '/x', auth: 'valid' });
    expect(exchange.request.headers.authorization).toBe('Bearer [REDACTED]');
    expect(exchange.response?.body).toBe('you sent Bearer secret-key');
    expect(JSON.stringify(exchange.request)).not.toContain('secret-key');
  });

  it('stops reading a body at the limit and marks it truncated', async () => {
    const url = await serve((_req, res) => res.end('x'.repeat(5000)));
    const exchange = await createHttpClient(base(url)).send({ method: 'GET', path: '/', auth: 'none' });
    expect(exchange.response).toMatchObject({ bodyBytes: 1024, truncated: true });
  });

  it('ends a request that gets no answer at the timeout without retrying it', async () => {
    const url = await serve(() => {});
    const started = Date.now();
    const client = createHttpClient(base(url, { timeoutMs: 200, retries: 3 }));
    const exchange = await client.send({ method: 'GET', path: '/', auth: 'none' });
    expect(exchange.error).toMatch(/timeout/);
    expect(exchange.attempts).toBe(1);
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('retries network errors but not HTTP errors', async () => {
    let calls = 0;
    const url = await serve((req, res) => {
      calls++;
      if (calls < 3) req.socket.destroy();
      else res.writeHead(500).end();
    });
    const exchange = await createHttpClient(base(url, { retries: 3 })).send({
      method: 'GET',
      path: '/',
      auth: 'none',
    });
    expect(exchange.response?.status).toBe(500);
    expect(exchange.attempts).toBe(3);
  });

  it('never retries a state-changing request', async () => {
    let calls = 0;
    const url = await serve((req) => {
      calls++;
      req.socket.destroy();
    });
    const client = createHttpClient(base(url, { retries: 3 }));
    const exchange = await client.send({ method: 'DELETE', path: '/', auth: 'valid', stateChanging: true });
    expect(exchange.error).toBeDefined();
    expect(calls).toBe(1);
  });

  it('says clearly when the connection is refused', async () => {
    const port = await closedPort();
    const exchange = await createHttpClient(base(`http://127.0.0.1:${port}`)).send({
      method: 'GET',
      path: '/',
      auth: 'none',
    });
    expect(exchange.error).toMatch(/ECONNREFUSED/);
  });

  it('waits as a 429 Retry-After asks, then gets the answer', async () => {
    let calls = 0;
    const waits: number[] = [];
    const url = await serve((_req, res) => {
      calls++;
      if (calls === 1) res.writeHead(429, { 'retry-after': '2' }).end();
      else res.end('ok');
    });
    const sleep = async (ms: number) => {
      waits.push(ms);
    };
    const exchange = await createHttpClient(base(url, { sleep, timeoutMs: 5000 })).send({
      method: 'GET',
      path: '/',
      auth: 'none',
    });
    expect(exchange.response?.status).toBe(200);
    expect(waits).toEqual([2000]);
  });

  it('spaces requests to the rate limit', async () => {
    const url = await serve((_req, res) => res.end());
    const client = createHttpClient(base(url, { rateLimit: 20 }));
    const started = Date.now();
    for (let i = 0; i < 4; i++) await client.send({ method: 'GET', path: '/', auth: 'none' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
  });

  it('counts Retry-After against the request budget: a wait beyond it ends the request with the 429', async () => {
    const waits: number[] = [];
    const url = await serve((_req, res) => res.writeHead(429, { 'retry-after': '30' }).end());
    const client = createHttpClient(base(url, { timeoutMs: 2000, sleep: async (ms) => void waits.push(ms) }));
    const exchange = await client.send({ method: 'GET', path: '/', auth: 'none' });
    expect(exchange.response?.status).toBe(429);
    expect(waits).toEqual([]);
  });

  it('backs off exponentially with jitter between retries, within the request budget', async () => {
    const { clock, waits } = fakeClock();
    const url = await serve((req) => req.socket.destroy());
    const client = createHttpClient(base(url, { retries: 10, timeoutMs: 3000, ...clock, random: () => 1 }));
    const exchange = await client.send({ method: 'GET', path: '/', auth: 'none' });
    expect(waits).toEqual([200, 400, 800, 1600].slice(0, waits.length));
    expect(waits.reduce((a, b) => a + b, 0)).toBeLessThan(3000);
    expect(exchange.attempts).toBe(waits.length + 1);
    expect(exchange.attempts).toBeLessThan(11);
  });

  it('measures the exchange only, not the rate limit or Retry-After waits', async () => {
    const { clock, waits } = fakeClock();
    let calls = 0;
    const url = await serve((_req, res) => {
      calls++;
      if (calls === 1) res.writeHead(429, { 'retry-after': '1' }).end();
      else res.end('ok');
    });
    const client = createHttpClient(base(url, { timeoutMs: 5000, rateLimit: 1, ...clock }));
    const first = await client.send({ method: 'GET', path: '/', auth: 'none' });
    const second = await client.send({ method: 'GET', path: '/', auth: 'none' });
    expect(waits.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1000);
    expect([first.durationMs, second.durationMs]).toEqual([0, 0]);
  });

  it('joins paths to the base URL path', () => {
    expect(joinUrl('http://h.test/api/v1', '/store/orders')).toBe('http://h.test/api/v1/store/orders');
    expect(joinUrl('http://h.test/v1/', '/store/orders')).toBe('http://h.test/v1/store/orders');
  });
});
