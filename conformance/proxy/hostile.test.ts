import { createHash } from 'node:crypto';
import { type IncomingMessage, request, type ServerResponse } from 'node:http';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { rawRequest } from '../../src/test-support/raw-http.ts';
import { closedPort, type Listening, listen } from '../test-support/listen.ts';
import { type RunningProxy, startProxy } from './server.ts';
import { fieldLines, send, tap } from './test-support/tap.ts';

// Upstreams that test the forwarding itself: encodings, hop-by-hop fields, failures, limits, secrets.

const running: Array<Listening | RunningProxy> = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((r) => ('stop' in r ? r.stop() : r.close())));
});

async function upstream(handler: (req: IncomingMessage, res: ServerResponse) => void) {
  const server = await listen(handler);
  running.push(server);
  return { ...server, seen: tap(server.server), baseUrl: `${server.url}/v1` };
}

async function proxyTo(baseUrl: string, options: { timeoutMs?: number; maxBodyBytes?: number } = {}) {
  const proxy = await startProxy({ upstream: baseUrl, port: 0, ...options });
  running.push(proxy);
  return proxy;
}

const portOf = (url: string) => Number(new URL(url).port);

const BROKEN_LIST = Buffer.from('[{"id":1,"petId":"seven"}]');

describe('the proxy and a hostile upstream', () => {
  it.each([
    ['gzip', gzipSync(BROKEN_LIST)],
    ['br', brotliCompressSync(BROKEN_LIST)],
  ])('forwards a %s answer as sent and grades its decoded copy', async (coding, bytes) => {
    const server = await upstream((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': coding }).end(bytes);
    });
    const proxy = await proxyTo(server.baseUrl);
    const got = await send(`${proxy.baseUrl}/store/orders`, 'GET', ['Accept-Encoding', coding]);
    expect(got.body.equals(bytes)).toBe(true);
    expect(fieldLines(got.rawHeaders)).toContain(`content-encoding: ${coding}`);
    expect(proxy.report().violations.map((v) => v.message)).toEqual([
      'GET /store/orders → 200: /0/petId must be integer',
    ]);
  });

  it('drops hop-by-hop fields both ways, adds none, and forwards the request body byte for byte', async () => {
    const server = await upstream((req, res) => {
      const hash = createHash('sha256');
      req.on('data', (c: Buffer) => hash.update(c));
      req.on('end', () => {
        res.sendDate = false;
        res.writeHead(201, 'Made', [
          'Connection',
          'x-hop',
          'X-Hop',
          'upstream-only',
          'X-Sha',
          hash.digest('hex'),
        ]);
        res.end();
      });
    });
    const proxy = await proxyTo(server.baseUrl);
    const body = Buffer.from(Array.from({ length: 70_000 }, (_, i) => i % 256));
    const got = await send(
      `${proxy.baseUrl}/store/orders?x=1`,
      'POST',
      [
        'Connection',
        'x-drop',
        'X-Drop',
        'client-only',
        'TE',
        'trailers',
        'X-Keep',
        'yes',
        'Content-Type',
        'application/octet-stream',
      ],
      body,
    );
    expect(got.statusMessage).toBe('Made');
    expect(fieldLines(got.rawHeaders)).toEqual([`X-Sha: ${createHash('sha256').update(body).digest('hex')}`]);
    const received = fieldLines(server.seen[0]?.rawHeaders ?? []).map((l) => l.split(':')[0]?.toLowerCase());
    expect(received).toContain('x-keep');
    expect(received).not.toContain('x-drop');
    expect(received).not.toContain('te');
    expect(proxy.report().violations.map((v) => v.check)).toEqual(['proxy.undocumented-operation']);
  });

  it('cuts the client off when the upstream resets mid-body, and grades nothing of that body', async () => {
    const server = await upstream((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
      res.write('[{"id":1}');
      setTimeout(() => res.socket?.destroy(), 20);
    });
    const proxy = await proxyTo(server.baseUrl);
    await expect(send(`${proxy.baseUrl}/store/orders`, 'GET')).rejects.toThrow();
    const [violation] = proxy.report().violations;
    expect(violation).toMatchObject({ check: 'proxy.body-not-graded', severity: 'info' });
    expect(violation?.message).toMatch(/the upstream body did not complete/);
  });

  it('answers 502 with an Error body when the upstream cannot be reached', async () => {
    const proxy = await proxyTo(`http://127.0.0.1:${await closedPort()}/v1`);
    const got = await send(`${proxy.baseUrl}/store/orders`, 'GET');
    expect(got.status).toBe(502);
    expect(JSON.parse(got.body.toString())).toMatchObject({ code: 'UPSTREAM_UNREACHABLE', status: 502 });
    expect(proxy.report()).toMatchObject({ exchanges: 1, upstreamFailures: 1, violations: [] });
  });

  it('answers 504 with an Error body when the upstream does not answer in time', async () => {
    const server = await upstream(() => {});
    const proxy = await proxyTo(server.baseUrl, { timeoutMs: 200 });
    const got = await send(`${proxy.baseUrl}/store/orders`, 'GET');
    expect(got.status).toBe(504);
    expect(JSON.parse(got.body.toString())).toMatchObject({ code: 'UPSTREAM_TIMEOUT', status: 504 });
    expect(fieldLines(got.rawHeaders)).toContain('content-type: application/json');
  });

  it('forwards a body over the limit whole and records it as not graded', async () => {
    const big = Buffer.from(`[${Array.from({ length: 500 }, (_, i) => `{"id":${i}}`).join(',')}]`);
    const server = await upstream((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' }).end(big);
    });
    const proxy = await proxyTo(server.baseUrl, { maxBodyBytes: 1024 });
    const got = await send(`${proxy.baseUrl}/store/orders`, 'GET');
    expect(got.body.equals(big)).toBe(true);
    const [violation] = proxy.report().violations;
    expect(violation).toMatchObject({ check: 'proxy.body-not-graded', severity: 'info' });
    expect(violation?.message).toMatch(/over the 1024-byte limit; forwarded whole/);
  });

  it('redacts every credential it saw, in every common encoding, from the report, the log and JUnit', async () => {
    const token = 'S3cr3t-Token_42';
    const cookie = 'c00kie-value-9';
    const queryKey = 'q-key-7777';
    const echoes = [
      token,
      encodeURIComponent(`${token}/`),
      Buffer.from(token).toString('base64'),
      Buffer.from(token).toString('base64url'),
      Buffer.from(token).toString('hex'),
      token.toUpperCase(),
      cookie,
      queryKey,
    ];
    const server = await upstream((_req, res) => {
      // A 401 whose body echoes the credentials: it breaks errors.body, so the report quotes the body.
      res.writeHead(401, { 'content-type': 'application/json' }).end(`not json: ${echoes.join(' ')}`);
    });
    const logged: string[] = [];
    const proxy = await startProxy(
      { upstream: server.baseUrl, port: 0 },
      { onViolation: (v) => logged.push(JSON.stringify(v)) },
    );
    running.push(proxy);
    await send(`${proxy.baseUrl}/store/orders?api_key=${queryKey}`, 'GET', [
      'Authorization',
      `Bearer ${token}`,
      'Cookie',
      `session=${cookie}`,
    ]);
    const report = JSON.stringify(proxy.report());
    expect(report).toContain('[REDACTED]');
    for (const text of [report, logged.join('\n'), proxy.junit()]) {
      for (const secret of [token, cookie, queryKey, ...echoes]) expect(text).not.toContain(secret);
    }
    expect(report).toContain('-H \\"Authorization: Bearer $PETSTORE_API_KEY\\"');
  });

  it('answers the report path itself and refuses paths outside /v1, forwarding neither', async () => {
    const server = await upstream((_req, res) => res.end('{}'));
    const proxy = await proxyTo(server.baseUrl);
    expect((await send(`${proxy.url}/__conformance/report`, 'POST')).status).toBe(405);
    const outside = await send(`${proxy.url}/admin`, 'GET');
    expect(outside.status).toBe(404);
    expect(JSON.parse(outside.body.toString())).toMatchObject({ code: 'NOT_PROXIED', status: 404 });
    expect(server.seen).toHaveLength(0);
  });
});

describe('streaming', () => {
  it('passes the first bytes of an answer on before the upstream has sent the rest', async () => {
    let finish: () => void = () => {};
    const server = await upstream((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('[');
      finish = () => res.end(']');
    });
    const proxy = await proxyTo(server.baseUrl);
    const body = await new Promise<string>((resolve, reject) => {
      const outgoing = request(`${proxy.baseUrl}/store/orders`, { agent: false }, (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => {
          text += chunk.toString();
          if (text === '[') finish(); // the upstream ends only once the client holds the first byte
        });
        res.on('end', () => resolve(text));
      });
      outgoing.on('error', reject);
      outgoing.end();
    });
    expect(body).toBe('[]');
  });

  it('passes the first bytes of a request body on before the client has sent the rest', async () => {
    const server = await upstream((req, res) => {
      req.once('data', () => res.writeHead(200, { 'content-type': 'application/json' }).end('[]'));
    });
    const proxy = await proxyTo(server.baseUrl);
    const answered = await new Promise<number>((resolve, reject) => {
      const outgoing = request(`${proxy.baseUrl}/store/orders`, { method: 'POST', agent: false }, (res) => {
        res.resume();
        outgoing.end(); // the client ends its body only after the upstream answered its first bytes
        resolve(res.statusCode ?? 0);
      });
      outgoing.on('error', reject);
      outgoing.flushHeaders();
      outgoing.write('first');
    });
    expect(answered).toBe(200);
  });
});

describe('what the proxy refuses before forwarding, by the mock rules', () => {
  it.each([
    ['/v1/../admin'],
    ['/v1/store/../../admin'],
    ['/v1/%2e%2e/admin'],
    ['/v1/%2E%2E%2Fadmin'],
    ['/v1/..%5cadmin'],
    ['/v1/./store/orders'],
  ])('answers 400 INVALID_PATH to %s and forwards nothing', async (target) => {
    const server = await upstream((_req, res) => res.end('{}'));
    const proxy = await proxyTo(server.baseUrl);
    const got = await rawRequest(portOf(proxy.url), `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
    expect(got.status).toBe(400);
    expect(got.body).toContain('"code":"INVALID_PATH"');
    expect(server.seen).toHaveLength(0);
  });

  it('forwards a dot inside a segment (a file name, a version) unchanged', async () => {
    const server = await upstream((_req, res) => res.end('{}'));
    const proxy = await proxyTo(server.baseUrl);
    expect((await send(`${proxy.baseUrl}/files/report.v2..json`, 'GET')).status).toBe(200);
    expect(server.seen[0]?.url).toBe('/v1/files/report.v2..json');
  });

  it.each([
    ['a name it does not serve', 'Host: evil.example\r\n', 421, 'HOST_NOT_ALLOWED'],
    [
      'an absolute-form target naming another host',
      'Host: 127.0.0.1\r\n',
      421,
      'HOST_NOT_ALLOWED',
      'http://evil.example',
    ],
    ['two Host fields', 'Host: 127.0.0.1\r\nHost: localhost\r\n', 400, 'INVALID_HOST'],
    ['no Host field', '', 400, 'INVALID_HOST'],
    ['a Host with userinfo', 'Host: 127.0.0.1:80@evil.example\r\n', 400, 'INVALID_HOST'],
  ])(
    'refuses %s (DNS rebinding) and forwards nothing, the report included',
    async (_what, fields, status, code, prefix = '') => {
      const server = await upstream((_req, res) => res.end('{}'));
      const proxy = await proxyTo(server.baseUrl);
      for (const path of ['/v1/store/orders', '/__conformance/report']) {
        const got = await rawRequest(portOf(proxy.url), `GET ${prefix}${path} HTTP/1.1\r\n${fields}\r\n`);
        expect(got.status).toBe(status);
        expect(got.body).toContain(`"code":"${code}"`);
      }
      expect(server.seen).toHaveLength(0);
    },
  );

  it('serves a name given with --allowed-host, and localhost', async () => {
    const server = await upstream((_req, res) => res.end('{}'));
    const proxy = await startProxy({ upstream: server.baseUrl, port: 0, allowedHosts: ['proxy.test'] });
    running.push(proxy);
    for (const host of ['proxy.test', 'localhost:4011', 'api.localhost']) {
      const got = await rawRequest(
        portOf(proxy.url),
        `GET /v1/store/orders HTTP/1.1\r\nHost: ${host}\r\n\r\n`,
      );
      expect(got.status, host).toBe(200);
    }
  });
});
