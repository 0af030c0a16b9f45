import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { runCli } from '../test-support/cli.ts';
import { closedPort } from '../test-support/listen.ts';
import { serverPool } from '../test-support/pool.ts';
import { grade } from '../test-support/run.ts';
import { createTarget, TARGET_KEY } from '../test-support/target.ts';

// Targets that misbehave at the HTTP level: each ends as a clear failure, never a hang or a crash.

const pool = serverPool();
const serve = async (handler: Parameters<typeof pool.serve>[0]): Promise<string> =>
  `${await pool.serve(handler)}/v1`;

/** Answers like the reference target, except where `hostile` returns true (it then owns the response). */
function partly(hostile: (req: IncomingMessage, res: ServerResponse) => boolean) {
  const target = createTarget();
  return (req: IncomingMessage, res: ServerResponse) => {
    if (hostile(req, res)) return;
    const path = (req.url ?? '/').replace(/^\/v1/, '');
    const answer = target({ method: req.method ?? 'GET', path, authorization: req.headers.authorization });
    res.writeHead(answer.status, answer.headers).end(answer.body);
  };
}

describe('hostile targets', () => {
  it('keeps bidi and C1 controls from the server escaped in the JSON report on the console', async () => {
    const sneaky = 'ok\u202egnp.exe\u0085\u009b2J\u2066x\u2069';
    const url = await serve(
      partly((req, res) => {
        if (req.headers.authorization !== undefined) return false;
        res.writeHead(401, { 'content-type': 'application/json', 'www-authenticate': 'Bearer realm="p"' });
        res.end(JSON.stringify({ code: sneaky, message: sneaky, status: 401 }));
        return true;
      }),
    );
    const { stdout } = await runCli(['--base-url', url, '--api-key', TARGET_KEY, '--reporter', 'json']);
    expect(stdout).not.toMatch(/[\u0080-\u009f\u202a-\u202e\u2066-\u2069]/);
    expect(stdout).toContain('\\u202e');
    expect(JSON.stringify(JSON.parse(stdout))).toContain(sneaky);
  });

  it('exits 2 with a clear message when the connection is refused', async () => {
    const port = await closedPort();
    const { code, stderr, stdout } = await runCli([
      '--base-url',
      `http://127.0.0.1:${port}/v1`,
      '--api-key',
      'k',
    ]);
    expect(code).toBe(2);
    expect(stderr).toMatch(/cannot reach http:\/\/127\.0\.0\.1:\d+\/v1\/store\/orders: ECONNREFUSED/);
    expect(stdout).toContain('Result: ERROR (exit 2)');
  });

  it('ends within the timeout bound when the server never answers', async () => {
    const url = await serve(() => {});
    const started = Date.now();
    const { code, stderr } = await runCli([
      '--base-url',
      url,
      '--api-key',
      'k',
      '--timeout',
      '300',
      '--retries',
      '2',
    ]);
    expect(code).toBe(2);
    expect(stderr).toMatch(/no answer within 300 ms/);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('fails the checks whose requests hang and still finishes the run', async () => {
    const url = await serve(partly((req) => req.method === 'DELETE'));
    const started = Date.now();
    const { summary, byId } = await grade({ baseUrl: url, apiKey: TARGET_KEY, timeoutMs: 200 });
    expect(summary.exitCode).toBe(1);
    expect(byId['orders.cancel-absent']?.message).toMatch(/no answer within 200 ms/);
    expect(byId['orders.list']?.status).toBe('passed');
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('exits 2 naming the reset when every connection is reset, after the retries', async () => {
    let attempts = 0;
    const url = await serve((req) => {
      attempts++;
      req.socket.destroy();
    });
    const { code, stderr } = await runCli(['--base-url', url, '--api-key', 'k', '--retries', '2']);
    expect(code).toBe(2);
    expect(stderr).toMatch(/cannot reach .*(ECONNRESET|socket|closed)/i);
    expect(attempts).toBe(3);
  });

  it('fails the checks whose connections are reset mid-run', async () => {
    const url = await serve(
      partly((req) => {
        if (!req.url?.startsWith('/v1/pets')) return false;
        req.socket.destroy();
        return true;
      }),
    );
    const { summary, byId } = await grade({ baseUrl: url, apiKey: TARGET_KEY });
    expect(summary.exitCode).toBe(1);
    expect(byId['auth.missing-key']?.status).toBe('failed');
    expect(byId['pets.deprecation']?.message).toMatch(/no HTTP answer/);
  });

  it('fails the list check on invalid JSON and skips what needs the list, with the reason', async () => {
    const url = await serve(
      partly((req, res) => {
        if (req.url !== '/v1/store/orders' || !req.headers.authorization) return false;
        res.writeHead(200, { 'content-type': 'application/json' }).end('[{"id": 1, "petId":');
        return true;
      }),
    );
    const { summary, byId } = await grade({ baseUrl: url, apiKey: TARGET_KEY });
    expect(summary.exitCode).toBe(1);
    expect(byId['orders.list']?.message).toMatch(/not JSON/);
    expect(byId['orders.cancel-absent']).toMatchObject({
      status: 'skipped',
      message: expect.stringMatching(/could not be read/),
    });
  });

  it('fails clearly when the server answers HTML instead of JSON', async () => {
    const url = await serve((_req, res) =>
      res.writeHead(200, { 'content-type': 'text/html' }).end('<html>Welcome</html>'),
    );
    const { summary, byId } = await grade({ baseUrl: url, apiKey: TARGET_KEY });
    expect(summary.exitCode).toBe(1);
    expect(byId['orders.list']?.message).toMatch(/not JSON: "<html>Welcome<\/html>"/);
    expect(byId['auth.missing-key']?.message).toMatch(/→ 200, expected 401/);
  });

  it('ends an answer whose body stalls half-way at the timeout', async () => {
    const url = await serve(
      partly((req, res) => {
        if (req.url !== '/v1/store/orders' || !req.headers.authorization) return false;
        res.writeHead(200, { 'content-type': 'application/json' }).write('[{"id":1},');
        return true;
      }),
    );
    const started = Date.now();
    const { byId } = await grade({ baseUrl: url, apiKey: TARGET_KEY, timeoutMs: 300, only: ['orders.list'] });
    expect(byId['orders.list']?.message).toBe('the body did not complete: no answer within 300 ms (timeout)');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('reads no more than the body limit of a 50 MB answer', async () => {
    const chunk = Buffer.alloc(1024 * 1024, 'x');
    let written = 0;
    const url = await serve(
      partly((req, res) => {
        const list = req.method === 'GET' && req.url === '/v1/store/orders' && !req.headers.origin;
        if (!list || req.headers.authorization !== `Bearer ${TARGET_KEY}`) return false;
        res.writeHead(200, {
          'content-type': 'application/json',
          'content-length': String(50 * chunk.length),
        });
        const pump = () => {
          while (written < 50 && !res.destroyed) {
            written++;
            if (!res.write(chunk)) return void res.once('drain', pump);
          }
          res.end();
        };
        pump();
        return true;
      }),
    );
    const started = Date.now();
    const { byId } = await grade({ baseUrl: url, apiKey: TARGET_KEY });
    expect(byId['orders.list']?.message).toMatch(/larger than the 10485760-byte limit/);
    expect(written).toBeLessThan(40);
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
