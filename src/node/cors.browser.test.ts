import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchChromium, skipWithoutChromium } from '../test-support/chromium.ts';
import { type RunningServer, startServer } from './server.ts';

/**
 * The Store API called from a real page in Chromium, served from another loopback origin (127.0.0.2) than
 * the mock (127.0.0.1), so every request is cross-origin and goes through the browser's CORS checks.
 */
const KEY = 'petstore-dev-key';

interface Outcome {
  readonly ok: boolean;
  readonly status?: number;
  readonly count?: number;
  readonly error?: string;
}

describe.skipIf(skipWithoutChromium)('CORS from a page on another origin', { timeout: 30_000 }, () => {
  let app: Server;
  let appOrigin: string;
  let browser: Browser;
  let page: Page;
  const mocks: RunningServer[] = [];

  beforeAll(async () => {
    app = createServer((_req, res) => {
      res
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end('<!doctype html><title>app</title>');
    });
    await new Promise<void>((resolve) => app.listen(0, '127.0.0.2', resolve));
    appOrigin = `http://127.0.0.2:${(app.address() as AddressInfo).port}`;
    browser = await launchChromium();
    page = await browser.newPage();
    await page.goto(`${appOrigin}/`);
  });

  afterAll(async () => {
    await browser?.close();
    await Promise.all(mocks.map((mock) => mock.close()));
    await new Promise((resolve) => app?.close(resolve));
  });

  async function mock(options: Parameters<typeof startServer>[0] = {}): Promise<RunningServer> {
    const running = await startServer({ port: 0, host: '127.0.0.1', domains: false, ...options });
    mocks.push(running);
    return running;
  }

  /** `fetch` run inside the page, as the app would. */
  function fetchFromPage(url: string, init: RequestInit): Promise<Outcome> {
    return page.evaluate(
      async ({ url, init }) => {
        try {
          const response = await fetch(url, init);
          const text = await response.text();
          const count = text.startsWith('[') ? (JSON.parse(text) as unknown[]).length : undefined;
          return { ok: true, status: response.status, ...(count === undefined ? {} : { count }) };
        } catch (error) {
          return { ok: false, error: String(error) };
        }
      },
      { url, init },
    );
  }

  const withHeaders = {
    headers: {
      authorization: `Bearer ${KEY}`,
      'x-request-id': 'req-42',
      traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01',
    },
  };

  test('a GET with X-Request-Id and traceparent passes the preflight and reads the orders', async () => {
    const running = await mock();
    expect(await fetchFromPage(`${running.baseUrl}/store/orders`, withHeaders)).toEqual({
      ok: true,
      status: 200,
      count: 25,
    });
    const preflights = await (await fetch(`${running.url}/__mock/requests/count?method=OPTIONS`)).json();
    expect(preflights).toEqual({ count: 1 });
  });

  test("credentials: 'include' works with the origin reflected, and so does a DELETE", async () => {
    const running = await mock();
    const credentialed = { ...withHeaders, credentials: 'include' as const };
    expect(await fetchFromPage(`${running.baseUrl}/store/orders`, credentialed)).toMatchObject({
      ok: true,
      status: 200,
    });
    expect(
      await fetchFromPage(`${running.baseUrl}/store/orders/1`, { ...credentialed, method: 'DELETE' }),
    ).toEqual({ ok: true, status: 204 });
  });

  test('--cors-origin naming the app allows it; naming another origin blocks it; --no-cors blocks it', async () => {
    const allowed = await mock({ corsOrigin: ['http://localhost:5173', appOrigin] });
    expect(await fetchFromPage(`${allowed.baseUrl}/store/orders`, withHeaders)).toMatchObject({ ok: true });
    for (const options of [{ corsOrigin: ['http://localhost:5173'] }, { cors: false }]) {
      const blocked = await mock(options);
      const outcome = await fetchFromPage(`${blocked.baseUrl}/store/orders`, withHeaders);
      expect(outcome, JSON.stringify(options)).toEqual({ ok: false, error: 'TypeError: Failed to fetch' });
    }
  });
});
