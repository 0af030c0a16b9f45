import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { collectConformance } from '../index.ts';
import { serverPool } from '../test-support/pool.ts';
import { createTarget, errorResponse, TARGET_KEY, type TargetOptions } from '../test-support/target.ts';

// One server per bug class: the reference target with one input-dependent bug. The fixed checks pass it; the
// exploration (seed 1) finds it, under the rule it breaks, shrunk to a small request with a curl line.

const pool = serverPool();
type Bend = (req: IncomingMessage, res: ServerResponse, id: string | undefined) => boolean;

async function serve(bend: Bend, options: TargetOptions = {}): Promise<string> {
  const target = createTarget(options);
  const origin = await pool.serve((req, res) => {
    const id = /^\/v1\/(?:store\/orders|pets)\/([^/?]+)/.exec(req.url ?? '')?.[1];
    if (bend(req, res, id)) return;
    const path = new URL(req.url ?? '/', 'http://target').pathname.replace(/^\/v1/, '');
    const answer = target({ method: req.method ?? 'GET', path, authorization: req.headers.authorization });
    res.writeHead(answer.status, answer.headers).end(answer.body);
  });
  return `${origin}/v1`;
}

const answer = (res: ServerResponse, status: number, body: string, type = 'application/json') => {
  res.writeHead(status, { 'content-type': type }).end(body);
  return true;
};

async function fixedFailures(baseUrl: string): Promise<string[]> {
  const { results } = await collectConformance({ baseUrl, apiKey: TARGET_KEY });
  return results.filter((r) => r.status === 'failed').map((r) => `${r.id}: ${r.message}`);
}

async function explore(baseUrl: string) {
  const { results, summary } = await collectConformance({
    baseUrl,
    apiKey: TARGET_KEY,
    explore: { seed: 1, maxRequests: 300 },
  });
  const failed = results.filter((r) => r.status === 'failed');
  return { failed, summary, ids: failed.map((r) => r.id) };
}

/** The request a finding was shrunk to: `METHOD /path?query`. */
const shrunk = (message: string): string => /\[(\S+ \S+)/.exec(message)?.[1] ?? message;

const classes: Array<{ name: string; bend: Bend; options?: TargetOptions; rule: string; request: RegExp }> = [
  {
    name: 'a 500 on ids with leading zeros',
    bend: (_req, res, id) =>
      id !== undefined && /^0[0-9]/.test(id) ? answer(res, 500, '{"error":"boom"}') : false,
    rule: 'explore.server-error',
    request: /^\S+ \/(pets|store\/orders)\/0[0-9]{1,8}$/,
  },
  {
    name: 'a dropped connection on a percent-encoded id',
    bend: (req, _res, id) => {
      if (id === undefined || !id.includes('%')) return false;
      req.socket.destroy();
      return true;
    },
    rule: 'explore.connection',
    request: /^\S+ \/(pets|store\/orders)\/[^/]{0,8}%[0-9A-F]{2}[^/]{0,8}$/,
  },
  {
    name: 'a 500 on a query parameter the spec does not define',
    // Not the fixed auth probes' own query (conformance=probe): the fixed checks catch a 500 to that one.
    bend: (req, res) => (/\?(?!conformance=probe$)/.test(req.url ?? '') ? answer(res, 500, '{}') : false),
    rule: 'explore.server-error',
    request: /^\S+ \/(store\/orders|pets\/[^/?]+)\?[^&]{1,8}$/,
  },
  {
    name: 'a text/plain 404 for ids of 20 digits or more (an int64 with leading zeros: its 404 is stated JSON)',
    bend: (_req, res, id) =>
      id !== undefined && /^[0-9]{20,}$/.test(id)
        ? answer(res, 404, errorResponse(404, 'NOT_FOUND').body ?? '', 'text/plain')
        : false,
    rule: 'http.media-type',
    request: /^\S+ \/store\/orders\/0[0-9]{19,}$/,
  },
  {
    name: 'a 404 without an Error body for negative ids',
    bend: (_req, res, id) => (id?.startsWith('-') ? answer(res, 404, '') && true : false),
    rule: 'explore.error-body',
    request: /^\S+ \/(pets|store\/orders)\/-[0-9]+$/,
  },
  {
    name: 'any token accepted under a lower-case "bearer"',
    bend: () => false,
    options: {
      credentials: (h) =>
        h === undefined
          ? 'missing'
          : h.startsWith('bearer ') || h === `Bearer ${TARGET_KEY}`
            ? 'ok'
            : 'invalid',
    },
    rule: 'explore.credentials',
    request: /^(GET|DELETE) \/(store\/orders|pets)/,
  },
  {
    name: 'a 200 to PROPFIND',
    bend: (req, res) => (req.method === 'PROPFIND' ? answer(res, 200, '[]') : false),
    rule: 'explore.method',
    request: /^PROPFIND \//,
  },
  {
    name: 'a 401 without a challenge for a repeated Authorization',
    bend: (req, res) =>
      req.headers.authorization?.includes(',')
        ? answer(res, 401, errorResponse(401, 'UNAUTHORIZED').body ?? '')
        : false,
    rule: 'auth.challenge',
    request: /^\S+ \//,
  },
];

describe('exploration catches what the fixed checks miss', () => {
  it('finds nothing on the reference target itself (no false alarm)', async () => {
    const { failed, summary } = await explore(await serve(() => false));
    expect(failed.map((r) => r.message)).toEqual([]);
    expect(summary.exitCode).toBe(0);
  });

  it.each(classes)('$name', async ({ bend, options, rule, request }) => {
    const baseUrl = await serve(bend, options);
    expect(await fixedFailures(baseUrl)).toEqual([]);
    const { failed, ids } = await explore(baseUrl);
    expect(ids).toContain(rule);
    const finding = failed.find((r) => r.id === rule);
    expect(shrunk(finding?.message ?? ''), finding?.message).toMatch(request);
    expect(finding?.message).toMatch(
      /found with seed 1(, round \d+)?: petstore-conformance --explore --seed 1 --max-requests 300/,
    );
    expect(finding?.message).toMatch(/; reproduce with: curl -i /);
    expect(finding?.message).not.toContain(TARGET_KEY);
    expect(finding?.exchanges).toHaveLength(1);
  });

  it('reports each failure once, under the first rule it breaks', async () => {
    // A text/plain 500 to any method breaks the server-error, credentials, method, Error-body and content-type
    // rules: only the first is reported.
    const baseUrl = await serve((_req, res, id) =>
      id !== undefined && /^0[0-9]/.test(id) ? answer(res, 500, 'boom', 'text/plain') : false,
    );
    const { ids, summary } = await explore(baseUrl);
    expect(ids).toEqual(['explore.server-error']);
    expect(summary.exitCode).toBe(1);
  });

  it('sends the same requests in the same order for the same seed', async () => {
    const seen: string[][] = [[], []];
    for (const run of [0, 1]) {
      const baseUrl = await serve((req) => {
        seen[run]?.push(`${req.method} ${req.url} ${req.headers.authorization ?? ''}`);
        return false;
      });
      await collectConformance({ baseUrl, apiKey: TARGET_KEY, explore: { seed: 7, maxRequests: 120 } });
    }
    expect(seen[0]?.length).toBeGreaterThan(100);
    expect(seen[1]).toEqual(seen[0]);
  });
});
