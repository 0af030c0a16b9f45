import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createClock } from '../core/controls/clock.ts';
import { type RunningServer, startServer } from '../node/server.ts';
import { launchChromium, skipWithoutChromium } from '../test-support/chromium.ts';

/** An e2e suite's shape: parallel browser contexts against one mock, each with its own X-Mock-Session. */
describe.skipIf(skipWithoutChromium)('sessions from parallel browser contexts', { timeout: 60_000 }, () => {
  let mock: RunningServer;
  let app: Server;
  let appOrigin: string;
  let browser: Browser | undefined;

  beforeAll(async () => {
    mock = await startServer({ port: 0, clock: createClock('manual', Date.parse('2026-09-01T00:00:00Z')) });
    // The app under test, on an origin of its own: its requests to the mock are cross-origin, as in dev.
    app = createServer((_req, res) =>
      res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>app</title>'),
    );
    await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
    appOrigin = `http://localhost:${(app.address() as AddressInfo).port}`;
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => app?.close(resolve));
    await mock?.close();
  });

  async function pageFor(session: string): Promise<Page> {
    const context = await (browser as Browser).newContext();
    // Playwright's recipe: every request of the test's context carries its session.
    await context.setExtraHTTPHeaders({ 'X-Mock-Session': session });
    const page = await context.newPage();
    await page.goto(`${appOrigin}/`);
    return page;
  }

  const cancelThenList = (page: Page, id: number) =>
    page.evaluate(
      async ({ base, id }) => {
        const headers = { authorization: 'Bearer petstore-dev-key' };
        const cancel = await fetch(`${base}/store/orders/${id}`, { method: 'DELETE', headers });
        const list = (await (await fetch(`${base}/store/orders`, { headers })).json()) as { id: number }[];
        return { cancel: cancel.status, ids: list.map((order) => order.id) };
      },
      { base: mock.baseUrl, id },
    );

  test('each context sees only its own changes, and the default session none of them', async () => {
    const [first, second] = await Promise.all([pageFor('test-1'), pageFor('test-2')]);
    const [one, two] = await Promise.all([cancelThenList(first, 1), cancelThenList(second, 3)]);
    expect(one.cancel).toBe(204);
    expect(two.cancel).toBe(204);
    expect(one.ids).not.toContain(1);
    expect(one.ids).toContain(3);
    expect(two.ids).toContain(1);
    expect(two.ids).not.toContain(3);
    const fresh = (await (
      await fetch(`${mock.baseUrl}/store/orders`, { headers: { authorization: 'Bearer petstore-dev-key' } })
    ).json()) as { id: number }[];
    expect(fresh.map((order) => order.id)).toEqual(expect.arrayContaining([1, 3]));
  });
});
