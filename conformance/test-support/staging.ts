import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { serverPool } from './pool.ts';
import { createTarget, type TargetOptions } from './target.ts';

// A staging stand-in: the reference target behind /v1, reading ids as Go's Atoi with its error dropped does
// (a malformed id is order 0, which it lists), plus a back office the hooks below call to make and remove
// orders. It records every request, so a test can prove which orders a run touched and that the teardown ran.

/** Where the stand-in's own ids start: beyond 2^53, so a hook's ids are read exactly or not at all. */
const FIRST_ID = 9_007_199_254_740_993n;

export interface StandIn {
  baseUrl: string;
  /** Every Store API request, as `METHOD /path`. */
  journal: string[];
  /** What the back office did: `made 9007199254740993 pending`, `removed 9007199254740993`. */
  office: string[];
  /** The ids the stand-in lists before any hook runs. */
  seeded: string[];
}

export interface StandInOptions extends TargetOptions {
  /** Delay of every Store API answer. */
  delayMs?: number;
}

export async function stagingStandIn(
  pool: ReturnType<typeof serverPool>,
  options: StandInOptions = {},
): Promise<StandIn> {
  const seeded = [
    { id: '0', status: 'pending' as const },
    { id: '1', status: 'pending' as const },
    { id: '2', status: 'shipped' as const },
  ];
  const target = createTarget({
    orders: seeded,
    sameOrder: (stored, segment) => BigInt(stored) === (/^[0-9]+$/.test(segment) ? BigInt(segment) : 0n),
    ...options,
  });
  const journal: string[] = [];
  const office: string[] = [];
  let next = FIRST_ID;
  let echo: string | undefined;
  const origin = await pool.serve(async (req, res) => {
    const url = req.url ?? '/';
    let body = '';
    for await (const chunk of req) body += chunk;
    if (url.startsWith('/office/')) {
      if (req.method === 'POST' && url === '/office/orders') {
        const status = (JSON.parse(body) as { status: 'pending' | 'shipped' }).status;
        const id = String(next++);
        target.orders.push({ id, status, cancelled: false });
        office.push(`made ${id} ${status}`);
        return res.writeHead(201, { 'content-type': 'application/json' }).end(`{"id":${id}}`);
      }
      if (req.method === 'POST' && url === '/office/echo') {
        echo = body;
        return res.writeHead(204).end();
      }
      const removed = /^\/office\/orders\/([0-9]+)$/.exec(url)?.[1];
      if (req.method === 'DELETE' && removed !== undefined) {
        const index = target.orders.findIndex((o) => o.id === removed);
        if (index >= 0) target.orders.splice(index, 1);
        office.push(`removed ${removed}`);
        return res.writeHead(204).end();
      }
      return res.writeHead(404).end();
    }
    journal.push(`${req.method} ${url}`);
    const answer = target({
      method: req.method ?? 'GET',
      path: url.replace(/^\/v1/, '').replace(/\?.*$/, ''),
      authorization: req.headers.authorization,
    });
    const headers = echo === undefined ? answer.headers : { ...answer.headers, 'x-echo': echo };
    setTimeout(() => res.writeHead(answer.status, headers).end(answer.body), options.delayMs ?? 0);
  });
  return { baseUrl: `${origin}/v1`, journal, office, seeded: seeded.map((o) => o.id) };
}

const SETUP = `
const office = new URL('/office/', process.env.PETSTORE_BASE_URL);
const needs = JSON.parse(process.env.PETSTORE_NEEDS);
const made = { pending: [], shipped: [] };
for (const status of ['pending', 'shipped']) {
  for (let i = 0; i < needs[status]; i++) {
    const answer = await fetch(new URL('orders', office), { method: 'POST', body: JSON.stringify({ status }) });
    made[status].push(/"id":([0-9]+)/.exec(await answer.text())[1]);
  }
}
const token = process.env.HOOK_TOKEN;
if (token) await fetch(new URL('echo', office), { method: 'POST', body: token });
// Ids as JSON integers beyond 2^53, written as they are: the suite must read them exactly.
const list = (ids) => '[' + ids.join(', ') + ']';
process.stdout.write('{"pending": ' + list(made.pending) + ', "shipped": ' + list(made.shipped) +
  (token ? ', "token": ' + JSON.stringify(token) : '') + '}\\n');
`;

const TEARDOWN = `
import { text } from 'node:stream/consumers';
const office = new URL('/office/', process.env.PETSTORE_BASE_URL);
const made = JSON.parse((await text(process.stdin)).replace(/([0-9]{16,})/g, '"$1"'));
for (const id of [...made.pending, ...made.shipped]) {
  await fetch(new URL('orders/' + id, office), { method: 'DELETE' });
}
if (process.env.TEARDOWN_FAILS) {
  console.error('could not remove the orders: ' + process.env.TEARDOWN_FAILS);
  process.exit(4);
}
`;

/** The hook scripts in a temporary folder (removed after the describe block), as `--setup`/`--teardown` commands. */
export function standInHooks(): { setup: string; teardown: string } {
  const hooks = { setup: '', teardown: '' };
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'conformance-hooks-'));
    await writeFile(join(dir, 'setup.mjs'), SETUP);
    await writeFile(join(dir, 'teardown.mjs'), TEARDOWN);
    hooks.setup = `"${process.execPath}" "${join(dir, 'setup.mjs')}"`;
    hooks.teardown = `"${process.execPath}" "${join(dir, 'teardown.mjs')}"`;
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  return hooks;
}
