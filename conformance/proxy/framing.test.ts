import { createServer, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type RunningProxy, startProxy } from './server.ts';
import { send } from './test-support/tap.ts';

// Upstreams that break HTTP/1.1 framing, written byte by byte: the proxy's client gets the complete answer a
// direct client reads (never a hang-up the upstream did not cause), the next request gets a clean connection,
// and the framing error is graded as proxy.framing.

const running: Array<{ close(): unknown }> = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((r) => r.close()));
});

/** A raw upstream: each request on any connection is answered with `answer`, then `after` once `delayMs` passed. */
async function rawUpstream(answer: string, after = '', delayMs = 0, { close = false } = {}) {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
    socket.on('data', () => {
      if (close) return void socket.end(answer);
      if (delayMs === 0) return void socket.write(answer + after);
      socket.write(answer);
      if (after) setTimeout(() => socket.writable && socket.write(after), delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  running.push({
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  });
  return `http://127.0.0.1:${port}/v1`;
}

async function proxyTo(upstream: string): Promise<RunningProxy> {
  const proxy = await startProxy({ upstream, port: 0 });
  running.push({ close: () => proxy.stop() });
  return proxy;
}

const LIST = 'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n[]';
const framing = (proxy: RunningProxy) =>
  proxy
    .report()
    .violations.filter((v) => v.check === 'proxy.framing')
    .map((v) => `${v.severity} #${v.seq} ${v.message}`);

describe('framing errors of the upstream', () => {
  it.each([
    ['in the same write', 0],
    ['a moment later, once the exchange was graded', 40],
  ])('passes the complete answer on when bytes follow it %s, and grades them', async (_, delayMs) => {
    const proxy = await proxyTo(await rawUpstream(LIST, '{"stray":true}', delayMs));
    const got = await send(`${proxy.baseUrl}/store/orders`, 'GET', ['Authorization', 'Bearer k']);
    expect(got.status).toBe(200);
    expect(got.body.toString()).toBe('[]');
    await vi.waitFor(() => expect(framing(proxy)).toHaveLength(1), { timeout: 2000, interval: 20 });
    expect(framing(proxy)[0]).toMatch(
      /^should #1 GET \/store\/orders → 200: bytes followed the complete 200 answer on the connection \(.+\); the upstream connection was closed$/,
    );
    const next = await send(`${proxy.baseUrl}/store/orders`, 'GET', ['Authorization', 'Bearer k']);
    expect(next.body.toString()).toBe('[]');
    expect(proxy.report().upstreamFailures).toBe(0);
  });

  it('passes a 204 followed by a body on as a 204, and grades the body', async () => {
    const proxy = await proxyTo(await rawUpstream('HTTP/1.1 204 No Content\r\n\r\n', '{"cancelled":true}'));
    const got = await send(`${proxy.baseUrl}/store/orders/1`, 'DELETE', ['Authorization', 'Bearer k']);
    expect(got.status).toBe(204);
    expect(got.body.byteLength).toBe(0);
    await vi.waitFor(() => expect(framing(proxy)).toHaveLength(1), { timeout: 2000, interval: 20 });
    expect(framing(proxy)[0]).toMatch(
      /^should #1 DELETE \/store\/orders\/1 → 204: bytes followed the complete 204/,
    );
  });

  it('passes a 204 that announces a Content-Length on complete, where a hang-up was before', async () => {
    const proxy = await proxyTo(
      await rawUpstream('HTTP/1.1 204 No Content\r\nContent-Length: 18\r\n\r\n', '{"cancelled":true}'),
    );
    const got = await send(`${proxy.baseUrl}/store/orders/1`, 'DELETE', ['Authorization', 'Bearer k']);
    expect(got.status).toBe(204);
    expect(got.body.byteLength).toBe(0);
    expect(framing(proxy)).toEqual([
      'should #1 DELETE /store/orders/1 → 204: a 204 announced Content-Length: 18 (a 204 has no content); the upstream connection was closed after its head',
    ]);
    expect(proxy.report().violations.map((v) => v.check)).toContain('http.no-content');
  });

  it('passes a HEAD answer on without the body bytes that followed it, and grades them', async () => {
    const proxy = await proxyTo(
      await rawUpstream(
        'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n',
        '[]',
      ),
    );
    const got = await send(`${proxy.baseUrl}/store/orders`, 'HEAD', ['Authorization', 'Bearer k']);
    expect(got.status).toBe(200);
    expect(got.body.byteLength).toBe(0);
    await vi.waitFor(() => expect(framing(proxy)).toHaveLength(1), { timeout: 2000, interval: 20 });
    expect(framing(proxy)[0]).toMatch(
      /^should #1 HEAD \/store\/orders → 200: bytes followed the complete 200/,
    );
  });

  it('cuts the client off as the upstream did when fewer bytes than the Content-Length come, and grades it', async () => {
    const short = 'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 10\r\n\r\n[]';
    const proxy = await proxyTo(await rawUpstream(short, '', 0, { close: true }));
    await expect(send(`${proxy.baseUrl}/store/orders`, 'GET', [])).rejects.toThrow();
    expect(framing(proxy)).toEqual([
      'should #1 GET /store/orders → 200: the upstream closed the connection after 2 of the 10 body bytes its Content-Length announced',
    ]);
  });
});
