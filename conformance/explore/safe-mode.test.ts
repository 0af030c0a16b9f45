import { describe, expect, it } from 'vitest';
import { collectConformance } from '../index.ts';
import { serverPool } from '../test-support/pool.ts';
import { TARGET_KEY } from '../test-support/target.ts';

// Hostile servers that read ids as leniently as real ones do, hold orders they do not list, and cancel an order
// on any method but GET (`if (method !== 'GET') cancel()`), HEAD included. Every request they see is checked: in
// safe mode none can reach an order they hold.

const pool = serverPool();
const SAFE = ['GET', 'HEAD', 'OPTIONS', 'PROPFIND', 'REPORT', 'SEARCH', 'QUERY'];

/**
 * What careless servers make of an id (written independently of the explorer's own model): parseInt, Number,
 * rounding, strtol's octal, glued digits, int64 and int32 wrapping, doubles, decoding up to three times.
 */
function lenientIds(raw: string): bigint[] {
  const texts = [raw];
  for (let i = 0; i < 3; i++) {
    try {
      texts.push(decodeURIComponent(texts.at(-1) ?? ''));
    } catch {
      texts.push(unescape(texts.at(-1) ?? ''));
    }
  }
  const values: bigint[] = [];
  const push = (n: number | bigint) => {
    if (typeof n === 'number' && !Number.isFinite(n)) return values.push(n > 0 ? 2n ** 63n - 1n : 0n);
    if (typeof n === 'number' && Number.isNaN(n)) return values.push(0n);
    const b = typeof n === 'bigint' ? n : BigInt(Math.trunc(n));
    values.push(b, BigInt.asIntN(64, b), BigInt.asUintN(64, b), BigInt.asIntN(32, b));
    if (typeof n === 'number') values.push(BigInt(Math.round(n)), BigInt(Math.ceil(n)));
  };
  for (const text of texts.map((t) => t.normalize('NFKC').trim())) {
    push(Number.parseInt(text, 10) || 0);
    push(Number(text) || 0);
    push(Number.parseFloat(text) || 0);
    if (/^0[0-7]+/.test(text)) push(Number.parseInt(text, 8));
    const digits = text.replace(/\D/g, '');
    if (digits) push(BigInt(digits));
    const match = /^[+-]?[0-9]+/.exec(text)?.[0];
    if (match) push(BigInt(match));
  }
  return values;
}

/** A target that lists `listed`, holds `held` too, and records every request that could touch a held order. */
async function hostile(listed: string[], held: string[]) {
  const touched: string[] = [];
  const writes: string[] = [];
  const all = [...listed, ...held].map(BigInt);
  const origin = await pool.serve((req, res) => {
    const url = req.url ?? '';
    const id = /^\/v1\/store\/orders\/([^/?]+)/.exec(url)?.[1];
    const method = req.method ?? '';
    if (!SAFE.includes(method) || (id !== undefined && method !== 'GET')) {
      writes.push(`${method} ${url}`);
      const reads = id === undefined ? [] : lenientIds(id);
      const hits = id === undefined ? ['(no id)'] : all.filter((o) => reads.includes(o)).map(String);
      if (hits.length > 0) touched.push(`${req.method} ${url} → ${hits.join(', ')}`);
    }
    if (
      req.headers.authorization !== `Bearer ${TARGET_KEY}` &&
      !/^bearer /i.test(req.headers.authorization ?? '')
    ) {
      res.writeHead(401, { 'content-type': 'application/json', 'www-authenticate': 'Bearer realm="x"' });
      return res.end('{"code":"UNAUTHORIZED","message":"no","status":401}');
    }
    if (/^\/v1\/store\/orders\/?(\?|$)/.test(url) && req.method === 'GET') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(`[${listed.map((i) => `{"id":${i}}`).join(',')}]`);
    }
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end('{"code":"NOT_FOUND","message":"no","status":404}');
  });
  return { baseUrl: `${origin}/v1`, touched, writes };
}

describe('exploration in safe mode', () => {
  it('sends nothing but GET to an order when the largest listed id is near 2^63 (and says why)', async () => {
    const server = await hostile(['2', '9223372036854775000'], ['1']);
    const { results } = await collectConformance({
      baseUrl: server.baseUrl,
      apiKey: TARGET_KEY,
      explore: { seed: 1, maxRequests: 500 },
    });
    expect(server.touched).toEqual([]);
    expect(server.writes).toEqual([]);
    expect(results[0]?.message).toMatch(/no DELETE of an absent id sent: .*9223372036854775000/);
  });

  it.each([1, 2, 3])(
    'sends DELETEs that no lenient reading turns into a held order (seed %i)',
    async (seed) => {
      const server = await hostile(['2', '4611686018427387904'], ['1', '4611686018427387000']);
      await collectConformance({
        baseUrl: server.baseUrl,
        apiKey: TARGET_KEY,
        explore: { seed, maxRequests: 500 },
      });
      expect(server.writes.length).toBeGreaterThan(10);
      expect(server.touched).toEqual([]);
    },
  );

  it('sends HEAD to an order only with an id proven absent, never to a listed one', async () => {
    const server = await hostile(['3', '25'], ['1']);
    await collectConformance({
      baseUrl: server.baseUrl,
      apiKey: TARGET_KEY,
      explore: { seed: 7, maxRequests: 500 },
    });
    expect(server.writes.some((w) => w.startsWith('HEAD /v1/store/orders/'))).toBe(true);
    expect(server.touched).toEqual([]);
  });

  it('with small ids too, where int32 wrapping is plausible, and 0 listed', async () => {
    const server = await hostile(['0', '3', '25'], ['1']);
    await collectConformance({
      baseUrl: server.baseUrl,
      apiKey: TARGET_KEY,
      explore: { seed: 4, maxRequests: 500 },
    });
    expect(server.writes.length).toBeGreaterThan(10);
    expect(server.touched).toEqual([]);
  });

  it('with --allow-writes, reaches only the given id among the held orders', async () => {
    const server = await hostile(['3', '25'], ['1']);
    await collectConformance({
      baseUrl: server.baseUrl,
      apiKey: TARGET_KEY,
      pendingOrderId: '25',
      explore: { seed: 5, maxRequests: 400, allowWrites: true },
    });
    expect(server.touched.length).toBeGreaterThan(0);
    expect(server.touched.filter((t) => !t.endsWith('→ 25'))).toEqual([]);
  });
});
