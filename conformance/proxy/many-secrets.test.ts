import { randomBytes } from 'node:crypto';
import { afterEach, expect, it } from 'vitest';
import { type Listening, listen } from '../test-support/listen.ts';
import { type RunningProxy, startProxy } from './server.ts';
import { send } from './test-support/tap.ts';

const running: Array<Listening | RunningProxy> = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((r) => ('stop' in r ? r.stop() : r.close())));
});

it('redacts 500 distinct tokens, each echoed where a quote of the answer is cut, from every report', async () => {
  // A 401 whose body is not JSON: errors.body quotes its first 80 characters, cut through the echoed token.
  const upstream = await listen((req, res) => {
    const token = (req.headers.authorization ?? '').slice('Bearer '.length);
    res.writeHead(401, { 'content-type': 'application/json' }).end(`not json ${'.'.repeat(60)} ${token}`);
  });
  running.push(upstream);
  const logged: string[] = [];
  const proxy = await startProxy(
    { upstream: `${upstream.url}/v1`, port: 0 },
    { onViolation: (violation) => logged.push(JSON.stringify(violation)) },
  );
  running.push(proxy);
  const tokens = Array.from({ length: 500 }, () => randomBytes(27).toString('base64url'));
  for (const token of tokens) {
    await send(`${proxy.baseUrl}/store/orders`, 'GET', ['Authorization', `Bearer ${token}`]);
  }
  const outputs = [JSON.stringify(proxy.report()), proxy.junit(), logged.join('\n')];
  expect(logged.length).toBeGreaterThanOrEqual(500);
  expect(logged[0]).toContain('[RED');
  // Every run of token characters in the outputs, checked against the tokens' first 12 characters.
  const prefixes = new Set(tokens.map((token) => token.slice(0, 12)));
  const runs = outputs.flatMap((text) => text.match(/[A-Za-z0-9_-]{12,}/g) ?? []);
  const leaked = runs.filter((run) => [...prefixes].some((prefix) => run.includes(prefix)));
  expect(leaked).toEqual([]);
});
