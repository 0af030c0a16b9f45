import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TLSSocket } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningProxy, startProxy } from './server.ts';
import { send } from './test-support/tap.ts';

// An https upstream: the proxy must send the upstream's own name in TLS SNI and Host, and verify its
// certificate (here against a CA made for the test by Debian's openssl).

const OPENSSL = '/usr/bin/openssl';

describe.skipIf(!existsSync(OPENSSL) && process.env.CI !== 'true')(
  'the proxy in front of an https upstream',
  () => {
    let dir: string;
    let server: Server;
    let proxy: RunningProxy;
    const seen: Array<{ servername: string | false | null; host: string | undefined }> = [];

    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), 'proxy-tls-'));
      execFileSync(
        OPENSSL,
        [
          'req',
          '-x509',
          '-newkey',
          'rsa:2048',
          '-nodes',
          '-days',
          '2',
          '-subj',
          '/CN=localhost',
          '-addext',
          'subjectAltName=DNS:localhost',
          '-keyout',
          join(dir, 'key.pem'),
          '-out',
          join(dir, 'cert.pem'),
        ],
        { stdio: 'ignore' },
      );
      const cert = readFileSync(join(dir, 'cert.pem'));
      server = createServer({ key: readFileSync(join(dir, 'key.pem')), cert }, (req, res) => {
        seen.push({ servername: (req.socket as TLSSocket).servername, host: req.headers.host });
        res.writeHead(200, { 'content-type': 'application/json' }).end('[]');
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const { port } = server.address() as AddressInfo;
      proxy = await startProxy({ upstream: `https://localhost:${port}/v1`, port: 0, ca: cert });
    });
    afterAll(async () => {
      await proxy?.stop();
      server?.closeAllConnections();
      await new Promise((resolve) => server?.close(resolve));
      if (dir) rmSync(dir, { recursive: true, force: true });
    });

    it("sends the upstream's name in SNI and Host, and forwards its answer", async () => {
      const got = await send(`${proxy.baseUrl}/store/orders`, 'GET', ['Authorization', 'Bearer k']);
      expect(got.status).toBe(200);
      expect(got.body.toString()).toBe('[]');
      const { port } = server.address() as AddressInfo;
      expect(seen).toEqual([{ servername: 'localhost', host: `localhost:${port}` }]);
    });

    it('refuses an upstream whose certificate it cannot verify: 502, nothing forwarded', async () => {
      const { port } = server.address() as AddressInfo;
      const untrusting = await startProxy({ upstream: `https://localhost:${port}/v1`, port: 0 });
      try {
        const before = seen.length;
        const got = await send(`${untrusting.baseUrl}/store/orders`, 'GET');
        expect(got.status).toBe(502);
        expect(JSON.parse(got.body.toString())).toMatchObject({ code: 'UPSTREAM_UNREACHABLE', status: 502 });
        expect(got.body.toString()).toMatch(/certificate/i);
        expect(seen.length).toBe(before);
      } finally {
        await untrusting.stop();
      }
    });
  },
);
