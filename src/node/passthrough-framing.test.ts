import { createServer, type Socket } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createClock } from '../core/controls/clock.ts';
import { TEST_START } from '../test-support/targets.ts';
import { type RunningServer, startServer } from './server.ts';

// An upstream that breaks HTTP/1.1 framing behind the mock's passthrough: the client gets the complete answer
// a direct client would read, never a hang-up, and the next request a clean connection.

const ANSWERS: Record<string, string> = {
  '/api/v1/cancelled': 'HTTP/1.1 204 No Content\r\nContent-Length: 7\r\n\r\n{"a":1}',
  '/api/v1/extra':
    'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n[]{"stray":1}',
};
const sockets = new Set<Socket>();
const upstream = createServer((socket) => {
  sockets.add(socket);
  socket.on('error', () => {});
  socket.on('data', (bytes) => {
    const path = /^[A-Z]+ (\S+)/.exec(bytes.toString('latin1'))?.[1] ?? '';
    socket.write(ANSWERS[path] ?? 'HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n');
  });
});
let mock: RunningServer;

beforeAll(async () => {
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const { port } = upstream.address() as { port: number };
  mock = await startServer({
    port: 0,
    clock: createClock('manual', TEST_START),
    passthrough: { upstream: `http://127.0.0.1:${port}/api/`, timeoutMs: 2000 },
  });
});
afterAll(async () => {
  await mock.close();
  for (const socket of sockets) socket.destroy();
  await new Promise<void>((resolve) => upstream.close(() => resolve()));
});

test('passes a 204 that announces a Content-Length on as a complete 204', async () => {
  const answer = await fetch(`${mock.url}/v1/cancelled`, { method: 'DELETE' });
  expect(answer.status).toBe(204);
  expect(await answer.text()).toBe('');
});

test('passes the complete answer on when bytes follow it, and the next request still gets its answer', async () => {
  for (let i = 0; i < 3; i++) {
    const answer = await fetch(`${mock.url}/v1/extra`);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe('[]');
  }
});
