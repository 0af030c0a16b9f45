import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screenshotFolder } from '../../test/support/screenshots.ts';
import { createClock } from '../core/controls/clock.ts';
import { type RunningServer, startServer } from '../node/server.ts';
import { launchChromium, skipWithoutChromium } from '../test-support/chromium.ts';

/**
 * The control page at /__mock/ in Debian's Chromium. The mock's clock is manual at a fixed instant, so the
 * screenshots come out the same on every run.
 */
const SCREENSHOTS = screenshotFolder();
const auth = { authorization: 'Bearer petstore-dev-key' };

describe.skipIf(skipWithoutChromium)('the control page in a real browser', { timeout: 40_000 }, () => {
  let mock: RunningServer;
  let browser: Browser;
  let page: Page;
  const errors: string[] = [];

  beforeAll(async () => {
    mock = await startServer({ port: 0, clock: createClock('manual', Date.parse('2026-07-01T09:00:00Z')) });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await mock?.close();
  });
  beforeEach(async () => {
    await fetch(`${mock.url}/__mock/reset`, { method: 'POST' });
    await page?.close();
    page = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
    page.setDefaultTimeout(10_000);
    errors.length = 0;
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${mock.url}/__mock/`);
    await page.locator('body[data-ready="true"]').waitFor({ state: 'attached' });
  });

  const row = (id: number) => page.locator(`#orders-body tr[data-order="${id}"]`);
  const announced = (text: string) =>
    page.locator('#announcer', { hasText: text }).waitFor({ state: 'attached' });

  it('shows the orders with their state; cancel, ship, create and reset change them', async () => {
    await expect(page.locator('#orders-caption').textContent()).resolves.toBe('25 orders');
    await page.getByRole('button', { name: 'Cancel order 1', exact: true }).click();
    await row(1).and(page.locator('[data-status="cancelled"]')).waitFor();
    await page.getByRole('button', { name: 'Ship order 3', exact: true }).click();
    await row(3).and(page.locator('[data-status="shipped"]')).waitFor();
    await page.getByLabel('Pet id').fill('42');
    await page.getByLabel('New order status').selectOption('shipped');
    await page.getByRole('button', { name: 'Create order' }).click();
    await announced('Created order 26 (shipped).');
    await row(26).waitFor();
    const api = await (await fetch(`${mock.baseUrl}/store/orders`, { headers: auth })).json();
    expect(api.map((order: { id: number }) => order.id)).not.toContain(1);
    await page.getByRole('button', { name: 'Reset the mock' }).click();
    await announced('The mock is back to its seed state.');
    await row(26).waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
  });

  it('shows the journal live, filtered by method', async () => {
    await fetch(`${mock.baseUrl}/store/orders`, { headers: auth });
    await fetch(`${mock.baseUrl}/store/orders/1`, { method: 'DELETE', headers: auth });
    await page.locator('#journal-body tr', { hasText: '/v1/store/orders/1' }).waitFor();
    await page.getByLabel('Request method').selectOption('DELETE');
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.locator('#journal-caption', { hasText: '1 request,' }).waitFor();
    expect(await page.locator('#journal-body tr').count()).toBe(1);
  });

  it('adds a fault that the Store API then answers, and sets the latency', async () => {
    await page.getByLabel('Fault path').fill('/v1/store/orders');
    await page.getByLabel('Fault kind').selectOption('status');
    await page.getByLabel('Fault status').fill('503');
    await page.getByRole('button', { name: 'Add fault' }).click();
    await page.locator('#faults-list li[data-fault="f1"]').waitFor();
    expect((await fetch(`${mock.baseUrl}/store/orders`, { headers: auth })).status).toBe(503);
    await page.locator('#faults-list', { hasText: 'Matched 1, failed 1.' }).waitFor();
    await page.getByLabel('Every answer').fill('1ms-3ms');
    await page.getByRole('button', { name: 'Set latency' }).click();
    await announced('Every answer now waits 1ms-3ms.');
    expect(await (await fetch(`${mock.url}/__mock/latency`)).json()).toMatchObject({ global: '1ms-3ms' });
    await page.screenshot({ path: `${SCREENSHOTS}control-page.png`, fullPage: true });
    await page.getByRole('button', { name: 'Remove all faults' }).click();
    await page.locator('#faults-list', { hasText: 'No faults' }).waitFor();
  });

  it('removes one fault rule and keeps the others; a latency that is not one is refused in words', async () => {
    for (const path of ['/v1/store/orders', '/v1/pets/*']) {
      await page.getByLabel('Fault path').fill(path);
      await page.getByRole('button', { name: 'Add fault' }).click();
    }
    await page.locator('#faults-list li[data-fault="f2"]').waitFor();
    await page.getByRole('button', { name: 'Remove fault f1' }).click();
    await announced('Removed fault f1.');
    await page.locator('#faults-list li[data-fault="f1"]').waitFor({ state: 'detached' });
    expect(await (await fetch(`${mock.url}/__mock/faults`)).json()).toMatchObject([{ id: 'f2' }]);
    await page.getByLabel('Every answer').fill('fast');
    await page.getByRole('button', { name: 'Set latency' }).click();
    const refusal = page.locator('#latency-error', { hasText: 'INVALID_REQUEST' });
    await refusal.waitFor();
    expect(await refusal.textContent()).toContain(
      'must be a delay such as 300ms, or a range such as 100ms-800ms',
    );
    expect(await refusal.textContent()).not.toContain('^');
    expect(errors).toEqual([]);
  });

  it('shows every time with its date: the journal, the clock', async () => {
    await fetch(`${mock.baseUrl}/store/orders`, { headers: auth });
    const time = page.locator('#journal-body tr time').first();
    await time.waitFor();
    expect(await time.textContent()).toBe('2026-07-01 09:00:00 UTC');
    expect(await page.locator('#clock-line time').textContent()).toBe('2026-07-01 09:00:00 UTC');
  });

  it('applies a preset and advances the clock; a refusal is shown, not thrown', async () => {
    await page.getByLabel('Preset', { exact: true }).selectOption('empty');
    await expect(page.locator('#preset-help').textContent()).resolves.toContain('No orders at all');
    await page.getByRole('button', { name: 'Apply preset' }).click();
    await page.locator('#orders-caption', { hasText: '0 orders' }).waitFor();
    await page.getByLabel('Advance by').fill('1h');
    await page.getByRole('button', { name: 'Advance the clock' }).click();
    await announced('The clock shows 2026-07-01 10:00:00 UTC.');
    await page.getByLabel('Advance by').fill('soon');
    await page.getByRole('button', { name: 'Advance the clock' }).click();
    await page.locator('#clock-error', { hasText: 'INVALID' }).waitFor();
    expect(errors).toEqual([]);
  });
});
