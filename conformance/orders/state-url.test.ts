import { describe, expect, it } from 'vitest';
import { createRunSecrets } from '../run/redaction.ts';
import { runCli } from '../test-support/cli.ts';
import { serverPool } from '../test-support/pool.ts';
import { TARGET_KEY } from '../test-support/target.ts';
import { HookError } from './source.ts';
import { stateHeaders } from './sources.ts';
import { stateUrlSource } from './state-url.ts';

const pool = serverPool();

interface Seen {
  body: { state: string; params: Record<string, unknown>; action: string };
  headers: Record<string, string | string[] | undefined>;
}

/** A provider-state server answering each POST with `answer(n)` (n counts from 0) and recording it. */
async function stateServer(
  answer: (n: number, seen: Seen) => { status: number; body?: string; hang?: boolean },
) {
  const seen: Seen[] = [];
  const origin = await pool.serve(async (req, res) => {
    let text = '';
    for await (const chunk of req) text += chunk;
    const request = { body: JSON.parse(text), headers: req.headers };
    const reply = answer(seen.length, request);
    seen.push(request);
    if (reply.hang) return;
    res.writeHead(reply.status, { 'content-type': 'application/json' }).end(reply.body ?? '');
  });
  return { url: `${origin}/states`, seen };
}

const source = (url: string, timeoutMs = 2000) =>
  stateUrlSource({ url, headers: {}, fetch, timeoutMs, redact: createRunSecrets(TARGET_KEY).redact });

describe("a Pact provider-state URL (the suite's side)", () => {
  it('posts one setup per order and reads the orderId exactly; the teardown posts it back', async () => {
    const ids = ['"9007199254740993"', '9007199254740995', '"7"'];
    const server = await stateServer((n) => ({
      status: n < 3 ? 200 : 204,
      body: n < 3 ? `{"orderId": ${ids[n]}}` : '',
    }));
    const states = source(server.url);
    const setup = await states.setup({ pending: 2, shipped: 1 });
    expect(setup.orders).toEqual({ pending: ['9007199254740993', '9007199254740995'], shipped: ['7'] });
    expect(await states.teardown(setup)).toBeUndefined();
    expect(server.seen.map((s) => s.body)).toEqual([
      { state: 'a pending order', params: {}, action: 'setup' },
      { state: 'a pending order', params: {}, action: 'setup' },
      { state: 'a shipped order', params: {}, action: 'setup' },
      { state: 'a pending order', params: { orderId: '9007199254740993' }, action: 'teardown' },
      { state: 'a pending order', params: { orderId: '9007199254740995' }, action: 'teardown' },
      { state: 'a shipped order', params: { orderId: '7' }, action: 'teardown' },
    ]);
    expect(server.seen[0]?.headers['content-type']).toBe('application/json');
  });

  it('tears down what it set up when a later setup fails, then fails in one line with the answer redacted', async () => {
    const server = await stateServer((n) =>
      n === 0
        ? { status: 200, body: '{"orderId": "41"}' }
        : n === 1
          ? {
              status: 500,
              body: `{"code":"BOOM","message":"no orders for ${TARGET_KEY}\\nsecond line","status":500}`,
            }
          : { status: 204 },
    );
    const failure = await source(server.url)
      .setup({ pending: 2, shipped: 0 })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(HookError);
    expect((failure as Error).message).toBe(
      'the state URL (--state-url) answered 500 to the setup of "a pending order": "second line"',
    );
    expect(server.seen.at(-1)?.body).toEqual({
      state: 'a pending order',
      params: { orderId: '41' },
      action: 'teardown',
    });
  });

  it.each([
    ['an answer without an orderId', '{"id": 5}'],
    ['an id that is no int64', '{"orderId": "5.0"}'],
    ['something that is not JSON', '<html>ok</html>'],
  ])('refuses %s, without quoting it', async (_name, body) => {
    const server = await stateServer(() => ({ status: 200, body }));
    const failure = (await source(server.url)
      .setup({ pending: 1, shipped: 0 })
      .catch((e: unknown) => e)) as Error;
    expect(failure.message).toBe(
      'the state URL (--state-url) answered the setup of "a pending order" without {"orderId": "<int64 id>"}',
    );
  });

  it('gives up on a state URL that does not answer within --hook-timeout', async () => {
    const server = await stateServer(() => ({ status: 200, hang: true }));
    const failure = (await source(server.url, 300)
      .setup({ pending: 0, shipped: 1 })
      .catch((e: unknown) => e)) as Error;
    expect(failure.message).toBe(
      'the state URL (--state-url) failed the setup of "a shipped order": no answer within 0.3 s (--hook-timeout)',
    );
  });

  it("sends the run's --header values to its own origin, and only those that are no credential elsewhere", () => {
    const headers = { 'x-mock-session': 'ci-1', 'x-api-token': 'secret-1' };
    expect(stateHeaders('http://a.test/v1', 'http://a.test/__mock/provider-states', headers)).toEqual(
      headers,
    );
    expect(stateHeaders('http://a.test/v1', 'http://states.test/setup', headers)).toEqual({
      'x-mock-session': 'ci-1',
    });
  });

  it('ends the CLI with exit 2 and one line when the state URL fails', async () => {
    const server = await stateServer(() => ({ status: 404, body: '' }));
    const { code, stdout, stderr } = await runCli([
      ...['--base-url', 'http://127.0.0.1:9/v1', '--api-key', TARGET_KEY, '--state-url', server.url],
    ]);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toBe(
      'petstore-conformance: the state URL (--state-url) answered 404 to the setup of "a pending order"\n',
    );
  });
});
