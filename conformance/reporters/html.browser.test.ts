import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, skipWithoutChromium } from '../../src/test-support/chromium.ts';
import { screenshotFolder } from '../../test/support/screenshots.ts';
import type { ConformanceEvent } from '../run/events.ts';
import { runConformance } from '../run/runner.ts';
import { runCli, tempDir } from '../test-support/cli.ts';
import { HOSTILE_MESSAGE, hostileTarget } from '../test-support/hostile.ts';
import { serverPool } from '../test-support/pool.ts';
import { createTarget, TARGET_KEY, targetFetch } from '../test-support/target.ts';
import { createHtmlReporter } from './html.ts';

/**
 * The HTML report as a person opens it: from file://, in Debian's Chromium, with every request to anything
 * else failing the test. A hostile server's markup in an Error message must stay text, and nothing may load.
 */
const SCREENSHOTS = screenshotFolder();
const { target, serve } = serverPool();
const dir = tempDir('html-report-');

describe.skipIf(skipWithoutChromium)('the HTML report in a real browser', { timeout: 40_000 }, () => {
  let browser: Browser;
  let page: Page;
  let file = '';
  const elsewhere: string[] = [];
  const beaconHits: string[] = [];
  const errors: string[] = [];

  beforeAll(async () => {
    const beacon = await serve((req, res) => {
      beaconHits.push(req.url ?? '');
      res.end();
    });
    const baseUrl = await target(hostileTarget(`${beacon}/beacon.png`));
    const args = [
      '--base-url',
      baseUrl,
      '--reporter',
      'html',
      '--output',
      dir.path,
      '--trace-id-prefix',
      'c0ffee',
    ];
    const { code } = await runCli(args, { PETSTORE_API_KEY: TARGET_KEY });
    expect(code).toBe(1);
    file = join(dir.path, 'conformance.html');
    browser = await launchChromium();
    const context = await browser.newContext({ viewport: { width: 1200, height: 900 }, offline: true });
    await context.route('**/*', (route) => {
      const url = route.request().url();
      if (url.startsWith('file:')) return route.continue();
      elsewhere.push(url);
      return route.abort();
    });
    page = await context.newPage();
    page.setDefaultTimeout(10_000);
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => errors.push(message.text()));
    await page.goto(pathToFileURL(file).href);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('loads from file:// and requests nothing else, and the server’s markup runs nothing', async () => {
    await page.locator('details').evaluateAll((all) => {
      for (const details of all) (details as HTMLDetailsElement).open = true;
    });
    await page.waitForTimeout(200); // what an <img> inside the evidence would have fetched by now
    expect(elsewhere).toEqual([]);
    expect(beaconHits).toEqual([]);
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await page.locator('script, img, iframe, object, embed, link, a').count()).toBe(0);
    // The body is shown as the server sent it, JSON-escaped quotes and all.
    expect(await page.locator('body').textContent()).toContain(JSON.stringify(HOSTILE_MESSAGE).slice(1, -1));
    expect(errors).toEqual([]);
  });

  it('carries a Content-Security-Policy that forbids every remote load and every script', async () => {
    const policy = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
    expect(policy).toMatch(
      /^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/=]+'; img-src 'none'; script-src 'none'/,
    );
    const html = readFileSync(file, 'utf8');
    expect(html).not.toMatch(/(src|href)="?https?:/i);
    expect(html).not.toContain(TARGET_KEY);
  });

  it('shows the verdict, coverage, and the failure with its evidence, curl repro and trace id', async () => {
    await expect(page.locator('h1').textContent()).resolves.toMatch(
      /^Conformance of http:\/\/127\.0\.0\.1:\d+\/v1: failed \(exit 1\)$/,
    );
    const failure = page.locator('.check[data-outcome="fail"]', { hasText: 'orders.cancel-absent' });
    await expect(failure.textContent()).resolves.toMatch(/Trace id: c0ffee[0-9a-f]{26}/);
    await expect(failure.textContent()).resolves.toMatch(
      /curl -i -X DELETE 'http:\/\/127\.0\.0\.1:\d+\/v1\/store\/orders\/\d+' -H "Authorization: Bearer \$PETSTORE_API_KEY"/,
    );
    await expect(failure.textContent()).resolves.toContain('→ 409');
    await expect(page.locator('#coverage + p').textContent()).resolves.toMatch(
      /of 10 documented \(operation, status\) pairs seen/,
    );
    expect(await page.locator('.unseen').count()).toBeGreaterThan(0);
  });

  it('filters the checks by severity and outcome, without a script', async () => {
    const visible = () => page.locator('.check:visible').count();
    const all = await page.locator('.check').count();
    expect(await visible()).toBe(all);
    await page.getByLabel('passed', { exact: true }).uncheck();
    const failingOrOther = await visible();
    expect(failingOrOther).toBeLessThan(all);
    expect(await page.locator('.check[data-outcome="pass"]:visible').count()).toBe(0);
    await page.getByLabel('should', { exact: true }).uncheck();
    expect(await page.locator('.check[data-severity="should"]:visible').count()).toBe(0);
    await page.getByLabel('passed', { exact: true }).check();
    await page.getByLabel('should', { exact: true }).check();
    expect(await visible()).toBe(all);
  });

  it('looks like this (docs/screenshots/conformance-report.png)', async () => {
    // The same run in-process, against a fixed address on a still clock, its trace and span ids and its start
    // time made fixed too: the picture changes only when the report does.
    const events: ConformanceEvent[] = [];
    const options = {
      baseUrl: 'https://staging.api.petstore.example/v1',
      apiKey: TARGET_KEY,
      fetch: targetFetch(createTarget(hostileTarget('https://beacon.example/b.png'))),
      clock: { now: () => 0, sleep: async () => {}, random: () => 0.5 },
    };
    for await (const event of runConformance(options)) events.push(event);
    const traces = new Map<string, string>();
    const fixed = JSON.parse(
      JSON.stringify(events)
        .replace(/"startedAt":"[^"]+"/, '"startedAt":"2026-11-02T09:00:00.000Z"')
        .replace(/-[0-9a-f]{16}-01"/g, '-00f067aa0ba902b7-01"')
        .replace(/\b[0-9a-f]{32}\b/g, (id) => {
          if (!traces.has(id)) traces.set(id, (traces.size + 1).toString(16).padStart(32, '4bf92f35'));
          return traces.get(id) ?? id;
        }),
    ) as ConformanceEvent[];
    const reporter = createHtmlReporter();
    for (const event of fixed) reporter.handle(event);
    const shown = join(dir.path, 'screenshot.html');
    writeFileSync(shown, reporter.output());
    await page.goto(pathToFileURL(shown).href);
    await page
      .locator('.check[data-outcome="fail"] details')
      .first()
      .evaluate((d) => {
        (d as HTMLDetailsElement).open = true;
      });
    await page.screenshot({ path: join(SCREENSHOTS, 'conformance-report.png'), fullPage: false });
    expect(elsewhere).toEqual([]);
  });
});
