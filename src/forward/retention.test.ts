import { Agent, createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterEach, expect, test } from 'vitest';
import { createForwarder, type Forwarded } from './forwarder.ts';

setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;

const servers: Server[] = [];
const agents: Agent[] = [];
afterEach(async () => {
  for (const agent of agents.splice(0)) agent.destroy();
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

async function listen(server: Server): Promise<string> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function get(url: string, agent: Agent): Promise<string> {
  return new Promise((resolve, reject) => {
    request(url, { agent }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () => resolve(body));
    })
      .once('error', reject)
      .end();
  });
}

test('an exchange that is over is not kept alive by the kept-alive connections it used', async () => {
  const upstream = await listen(
    createServer((_req, res) => res.end(JSON.stringify({ orders: 'x'.repeat(64 * 1024) }))),
  );
  const forwarder = createForwarder({ upstream: new URL(`${upstream}/v1`), timeoutMs: 5000 });
  const exchanges: WeakRef<Forwarded>[] = [];
  const front = await listen(
    createServer((req, res) => {
      forwarder
        .forward(req, res, { target: req.url ?? '/', onResponseChunk: () => {} })
        .then((exchange) => exchanges.push(new WeakRef(exchange)));
    }),
  );
  const agent = new Agent({ keepAlive: true });
  agents.push(agent);
  try {
    for (let n = 0; n < 3; n++)
      expect((await get(`${front}/store/orders`, agent)).length).toBeGreaterThan(1000);
    // Both connections stay open and idle, as a client's and an upstream's do between requests.
    await new Promise((resolve) => setImmediate(resolve));
    collect();
    await new Promise((resolve) => setImmediate(resolve));
    collect();
    expect(exchanges).toHaveLength(3);
    expect(exchanges.filter((exchange) => exchange.deref() !== undefined)).toHaveLength(0);
  } finally {
    await forwarder.close();
  }
});
