import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createClock } from '../core/controls/clock.ts';
import type { MockRequest } from '../core/types.ts';
import { rawRequest } from '../test-support/raw-http.ts';
import { TEST_START } from '../test-support/targets.ts';
import { type RunningServer, startServer } from './server.ts';

const KEY = 'test-key';
const logged: string[] = [];
let mock: RunningServer;

beforeAll(async () => {
  mock = await startServer({
    port: 0,
    apiKeys: [KEY],
    clock: createClock('manual', TEST_START),
    // Small limits, so that the waits below stay short; the defaults are in docs/decisions.md.
    headersTimeoutMs: 300,
    requestTimeoutMs: 600,
    connectionsCheckingIntervalMs: 50,
    lingerMs: 300,
    maxConnections: 40,
    onResponse: (request: MockRequest, status: number) =>
      logged.push(`${request.method} ${request.path} ${status}`),
  });
});
afterAll(() => mock.close());

/** What the test client sends of an "endless" body at most: far more than any limit, so that a swallow shows. */
const ENDLESS_BOUND = 256 * 1024 * 1024;

/** A chunked body written in 64 KiB chunks until the server closes (or ENDLESS_BOUND is sent), and how much went. */
function endlessBody() {
  let sent = 0;
  const chunk = `10000\r\n${'x'.repeat(0x10000)}\r\n`;
  const writer = (socket: Socket) => {
    const pump = () => {
      while (!socket.destroyed && sent < ENDLESS_BOUND) {
        sent += chunk.length;
        if (!socket.write(chunk)) return void socket.once('drain', pump);
      }
    };
    pump();
  };
  return { options: { untilClose: true, waitMs: 5000, writer }, sent: () => sent };
}

const post = (headers: string) =>
  `POST /__mock/orders HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n${headers}\r\n\r\n`;

describe('request size limits', () => {
  test('answers 413 from Content-Length before reading the body, and closes', async () => {
    const answer = await rawRequest(mock.port, post('Content-Length: 50000000'), { untilClose: true });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', status: 413 });
    expect(answer.closed).toBe(true);
  });

  test('answers Expect: 100-continue with an oversized body by 413, without 100 Continue', async () => {
    const answer = await rawRequest(mock.port, post('Content-Length: 50000000\r\nExpect: 100-continue'));
    expect(answer.text).not.toContain('100 Continue');
    expect(answer.status).toBe(413);
  });

  test('answers Expect: 100-continue with a small body by 100 Continue, then the answer', async () => {
    const body = '{"petId":1,"quantity":1,"status":"pending"}';
    const answer = await rawRequest(
      mock.port,
      post(`Content-Length: ${body.length}\r\nExpect: 100-continue\r\nConnection: close`),
      { writer: (socket) => setTimeout(() => socket.write(body), 50) },
    );
    expect(answer.text).toMatch(/^HTTP\/1\.1 100 Continue/);
    expect(answer.status).toBe(201);
  });

  test('answers an unknown expectation with a 417 Error body', async () => {
    const answer = await rawRequest(mock.port, post('Content-Length: 2\r\nExpect: teapot'));
    expect(answer.status).toBe(417);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'EXPECTATION_FAILED', status: 417 });
  });

  test('stops reading an endless chunked body after the 413: closes after a bounded discard', async () => {
    const body = endlessBody();
    const answer = await rawRequest(mock.port, post('Transfer-Encoding: chunked'), body.options);
    expect(answer.status).toBe(413);
    expect(answer.closed).toBe(true);
    expect(body.sent()).toBeLessThan(ENDLESS_BOUND);
  });

  test('stops reading an endless body sent with GET (which is ignored) once it passes the body limit', async () => {
    // The default timeouts (30 s for a request), so that only the body limit can end it within the wait.
    const plain = await startServer({ port: 0, apiKeys: [KEY], domains: false });
    const body = endlessBody();
    const answer = await rawRequest(
      plain.port,
      `GET /v1/store/orders HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${KEY}\r\nTransfer-Encoding: chunked\r\n\r\n`,
      body.options,
    );
    await plain.close();
    expect(answer.status).toBe(200);
    expect(answer.closed).toBe(true);
    expect(body.sent()).toBeLessThan(ENDLESS_BOUND);
  });

  test('honours header field 1001 (an Authorization placed there authenticates)', async () => {
    const many = Array.from({ length: 1200 }, (_, i) => `X-Filler-${i}: v\r\n`).join('');
    const answer = await rawRequest(
      mock.port,
      `GET /v1/store/orders HTTP/1.1\r\nHost: localhost\r\n${many}Authorization: Bearer ${KEY}\r\nConnection: close\r\n\r\n`,
    );
    expect(answer.status).toBe(200);
  });
});

describe('slow and idle connections', () => {
  test('answers a request whose headers never end with a 408 Error body', async () => {
    const answer = await rawRequest(mock.port, 'GET /v1/store/orders HTTP/1.1\r\nHost: localhost\r\n');
    expect(answer.status).toBe(408);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'REQUEST_TIMEOUT', status: 408 });
  });

  test('caps the open connections', async () => {
    const sockets: Socket[] = [];
    try {
      for (let i = 0; i < 40; i++) {
        const socket = connect(mock.port, '127.0.0.1');
        socket.on('error', () => {});
        sockets.push(socket);
        await new Promise((resolve) => socket.once('connect', resolve));
      }
      const answer = await rawRequest(mock.port, 'GET /v1/store/orders HTTP/1.1\r\nHost: localhost\r\n\r\n');
      expect(answer.status).toBe(0);
      expect(answer.closed).toBe(true);
    } finally {
      for (const socket of sockets) socket.destroy();
    }
    await expect
      .poll(
        async () =>
          (await rawRequest(mock.port, 'GET /v1/store/orders HTTP/1.1\r\nHost: localhost\r\n\r\n')).status,
      )
      .toBe(401);
  });
});

describe('request log', () => {
  test('logs the static page requests and the parser-level rejections', async () => {
    await fetch(`${mock.url}/__dashboard/`);
    await rawRequest(mock.port, 'GARBAGE\r\n\r\n');
    await rawRequest(
      mock.port,
      'GET /v1/store/orders HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n',
    );
    expect(logged).toContain('GET /__dashboard/ 200');
    expect(logged.some((line) => / 400$/.test(line))).toBe(true);
    expect(logged).toContain('GET /v1/store/orders 421');
  });
});
