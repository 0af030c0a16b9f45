import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchChromium, skipWithoutChromium } from '../test-support/chromium.ts';

/** msw 3 in the msw 3 leg (vitest.msw3.config.ts sets it); the project's own msw 2 otherwise. */
const MSW3_DIR = process.env.PETSTORE_MSW_DIR;
const WORKER = MSW3_DIR
  ? `${MSW3_DIR}/lib/mockServiceWorker.js`
  : fileURLToPath(import.meta.resolve('msw/mockServiceWorker.js'));

/** In the msw 3 leg, the bundle's `msw/browser` is msw 3's (esbuild does not see Vite's aliases). */
const mswUnderTest: Plugin[] = MSW3_DIR
  ? [
      {
        name: 'msw-3',
        setup(build) {
          build.onResolve({ filter: /^msw\/browser$/ }, () => ({ path: `${MSW3_DIR}/lib/browser/index.js` }));
        },
      },
    ]
  : [];
const PAGE =
  '<!doctype html><html><head><meta charset="utf-8"><title>app</title></head><body><script type="module" src="/assets/browser-app.js"></script></body></html>';

describe.skipIf(skipWithoutChromium)(
  'the handlers in a browser, same origin as the app',
  { timeout: 60_000 },
  () => {
    let server: Server;
    let origin: string;
    let browser: Browser | undefined;
    const seen: string[] = [];

    beforeAll(async () => {
      // The app as a bundler ships it: an entry and a code-split chunk.
      const bundle = await build({
        entryPoints: [fileURLToPath(new URL('./test-support/browser-app.ts', import.meta.url))],
        bundle: true,
        splitting: true,
        format: 'esm',
        platform: 'browser',
        target: 'es2022',
        outdir: '/assets',
        write: false,
        logLevel: 'silent',
        plugins: mswUnderTest,
      });
      const files = new Map(bundle.outputFiles.map((file) => [file.path, file.contents]));
      const worker = await readFile(WORKER);
      server = createServer((req, res) => {
        const path = req.url ?? '/';
        seen.push(path);
        const asset = files.get(path);
        if (path === '/' || path === '/index.html')
          res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE);
        else if (path === '/mockServiceWorker.js')
          res.writeHead(200, { 'content-type': 'text/javascript' }).end(worker);
        else if (asset) res.writeHead(200, { 'content-type': 'text/javascript' }).end(asset);
        else res.writeHead(404, { 'content-type': 'text/plain' }).end('static server: not found');
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      browser = await launchChromium();
    });

    afterAll(async () => {
      await browser?.close();
      await new Promise((resolve) => server?.close(resolve));
    });

    test('the page and its lazy chunk load, the API answers through the handlers, an unknown path reaches the server', async () => {
      const page = await (browser as Browser).newPage();
      await page.goto(`${origin}/index.html`);
      const result = await page.waitForFunction(() => (window as { result?: unknown }).result, undefined, {
        timeout: 30_000,
      });
      expect(await result.jsonValue()).toEqual({
        lazy: 'loaded lazily',
        ordersStatus: 200,
        orders: 25,
        unknownStatus: 404,
        unknownBody: 'static server: not found',
      });
      // The API never reached the static server: the service worker answered it.
      expect(seen.filter((path) => path.startsWith('/v1/'))).toEqual([]);
      expect(seen).toContain('/totally/unknown');
      expect(seen.some((path) => /^\/assets\/browser-lazy-.*\.js$/.test(path))).toBe(true);
    });
  },
);
