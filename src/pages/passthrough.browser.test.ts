import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createClock } from '../core/controls/clock.ts';
import { type RunningServer, startServer } from '../node/server.ts';
import { launchChromium, skipWithoutChromium } from '../test-support/chromium.ts';
import { startUpstream, type Upstream } from '../test-support/upstream.ts';

/**
 * Partial mocking as a frontend developer meets it: the app and the endpoints the mock does not define come
 * from a real backend, the Store API from the mock, all on the mock's one origin.
 */
const APP = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Shop</title></head>
<body><p id="orders">…</p><p id="user">…</p>
<script type="module">
  const auth = { authorization: 'Bearer petstore-dev-key' };
  const show = async (id, path, read) => {
    const response = await fetch(path, { headers: auth });
    document.getElementById(id).textContent = response.ok ? read(await response.json()) : 'failed ' + response.status;
  };
  await Promise.all([
    show('orders', '/v1/store/orders', (orders) => Array.isArray(orders) ? orders.length + ' orders' : 'from ' + orders.from),
    show('user', '/v1/users/me', (user) => user.name),
  ]);
  document.body.dataset.ready = 'true';
</script></body></html>`;

describe.skipIf(skipWithoutChromium)('partial mocking in a real browser', { timeout: 40_000 }, () => {
  let upstream: Upstream;
  let mock: RunningServer;
  let browser: Browser;
  let page: Page;
  const errors: string[] = [];

  beforeAll(async () => {
    upstream = await startUpstream((req, res) => {
      const path = req.url?.split('?')[0];
      const send = (type: string, body: string) =>
        res.writeHead(200, { 'content-type': type, 'content-length': Buffer.byteLength(body) }).end(body);
      if (path === '/app/') return send('text/html; charset=utf-8', APP);
      if (path === '/v1/users/me')
        return send('application/json', JSON.stringify({ name: 'Ada from upstream' }));
      if (path === '/v1/store/orders') return send('application/json', JSON.stringify({ from: 'upstream' }));
      res.writeHead(404, { 'content-length': '0' }).end();
    });
    mock = await startServer({
      port: 0,
      clock: createClock('manual', Date.parse('2026-07-01T09:00:00Z')),
      passthrough: { upstream: upstream.url },
    });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await mock?.close();
    await upstream?.close();
  });
  beforeEach(async () => {
    await mock.api.reset();
    await page?.close();
    page = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
    page.setDefaultTimeout(10_000);
    errors.length = 0;
    page.on('pageerror', (error) => errors.push(error.message));
  });

  const openApp = async () => {
    await page.goto(`${mock.url}/app/`);
    await page.locator('body[data-ready="true"]').waitFor({ state: 'attached' });
  };

  it('a page on the mock’s origin gets /v1/store/orders from the mock and /v1/users/me from the upstream', async () => {
    await openApp();
    await expect(page.locator('#orders').textContent()).resolves.toBe('25 orders');
    await expect(page.locator('#user').textContent()).resolves.toBe('Ada from upstream');
    // The browser's own /favicon.ico goes upstream too, whenever it asks.
    const sources = mock.api.journal
      .entries()
      .filter((entry) => entry.path !== '/favicon.ico')
      .map((entry) => `${entry.path} ${entry.source}`);
    expect(sources.sort()).toEqual(['/app/ upstream', '/v1/store/orders mock', '/v1/users/me upstream']);
    expect(errors).toEqual([]);
  });

  it('the control page sends an operation upstream with a checkbox, and shows who answered each request', async () => {
    await page.goto(`${mock.url}/__mock/`);
    await page.locator('body[data-ready="true"]').waitFor({ state: 'attached' });
    await expect(page.locator('#passthrough-upstream').textContent()).resolves.toContain(upstream.url);
    await page.getByRole('checkbox', { name: 'listOrders' }).check();
    await page
      .locator('#announcer', { hasText: 'listOrders now goes to the upstream.' })
      .waitFor({ state: 'attached' });
    expect(mock.api.passthrough.settings().operations).toEqual(['listOrders']);

    const app = await browser.newPage();
    await app.goto(`${mock.url}/app/`);
    await app.locator('body[data-ready="true"]').waitFor({ state: 'attached' });
    await expect(app.locator('#orders').textContent()).resolves.toBe('from upstream');
    await app.close();

    await page.getByLabel('Answered by').selectOption('upstream');
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.locator('#journal-body tr', { hasText: '/v1/store/orders' }).waitFor();
    const rows = await page.locator('#journal-body tr').allTextContents();
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(rows.every((row) => row.endsWith('upstream'))).toBe(true);
    expect(errors).toEqual([]);
  });
});
