import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screenshotFolder } from '../../test/support/screenshots.ts';
import { createClock } from '../domains/index.ts';
import { type RunningServer, startServer } from '../node/server.ts';
import { launchChromium, skipWithoutChromium } from '../test-support/chromium.ts';
import { nodeRequest } from '../test-support/host-request.ts';

/**
 * The Domains settings page in Debian's Chromium, driven by playwright-core (no browser download). The mock
 * runs with a manual clock that starts at a fixed instant, so the screenshots come out the same each run.
 */
const SCREENSHOTS = screenshotFolder();
const TARGET = 'acme-shop.mockpages.example';
const KEY = 'petstore-dev-key';

/** Serving by host: the Store API asked for with a custom domain's Host header. */
const getWithHost = (mock: RunningServer, host: string) =>
  nodeRequest(mock.port, '/v1/store/orders', { headers: { host, authorization: `Bearer ${KEY}` } });

// Generous per-test bounds for a loaded CI machine: each walk drives a real browser through many steps.
describe.skipIf(skipWithoutChromium)(
  'the Domains settings page in a real browser',
  { timeout: 40_000 },
  () => {
    let mock: RunningServer;
    let browser: Browser;
    let context: BrowserContext;
    let page: Page;

    beforeAll(async () => {
      const clock = createClock('manual', Date.parse('2026-07-01T09:00:00Z'));
      mock = await startServer({ port: 0, host: '127.0.0.1', clock });
      browser = await launchChromium();
      context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: mock.url });
      context.setDefaultTimeout(10_000);
    });

    afterAll(async () => {
      await browser?.close();
      await mock?.close();
    });

    beforeEach(async () => {
      await fetch(`${mock.url}/__mock/dashboard/reset`, { method: 'POST' });
      await page?.close();
      page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(`${mock.url}/__dashboard/#project=acme-shop`);
      await page.locator('body[data-ready="true"]').waitFor({ state: 'attached' });
      expect(errors).toEqual([]);
    });

    const card = (name: string): Locator => page.locator(`article[data-domain="${name}"]`);
    const announced = (text: string) =>
      page.locator('#announcer', { hasText: text }).waitFor({ state: 'attached' });

    async function addDomain(name: string): Promise<Locator> {
      await page.getByLabel('Domain or subdomain').fill(name);
      await page.getByRole('button', { name: 'Add domain' }).click();
      await card(name).waitFor();
      return card(name);
    }

    async function createZone(name: string): Promise<void> {
      await page.getByLabel('Zone (registered domain)').fill(name);
      await page.getByRole('button', { name: 'Create zone' }).click();
      await page.locator(`section[data-zone="${name}"]`).waitFor();
    }

    async function addRecord(zone: string, type: string, name: string, value: string): Promise<void> {
      await page.locator('#record-zone').selectOption(zone);
      await page.getByLabel('Type').selectOption(type);
      await page.getByLabel('Name', { exact: true }).fill(name);
      await page.getByLabel('Value', { exact: true }).fill(value);
      await page.getByRole('button', { name: 'Add record' }).click();
      await announced(`Added ${type} `);
    }

    /**
     * Verify or Re-verify, then wait until the check is running (so a later clock move comes after it): a live
     * domain stays active and shows Re-verifying; any other goes verifying.
     */
    async function verify(domain: Locator, label: 'Verify' | 'Re-verify' = 'Verify'): Promise<void> {
      const live = (await domain.getAttribute('data-status')) === 'active';
      await domain.getByRole('button', { name: label, exact: true }).click();
      const running = live ? '[data-reverifying="true"]' : '[data-status="verifying"]';
      await domain.and(page.locator(running)).waitFor();
    }

    /** The clock control is only there when the clock is manual, as it is here. */
    async function advance(by: string): Promise<void> {
      const before = await page.locator('#clock time').getAttribute('datetime');
      await page.getByRole('button', { name: `Advance the clock by ${by}`, exact: true }).click();
      // The clock is drawn after everything else was read again, so the page is up to date once it moves.
      await page.locator(`#clock time:not([datetime="${before}"])`).waitFor();
    }

    it('walks a subdomain from Add to live with a certificate, then Remove stops serving it', async () => {
      const www = await addDomain('www.example.com');
      await announced('Added www.example.com. At your DNS provider, create CNAME www with value');
      const cname = www.locator('tr[data-record="CNAME"]');
      expect(await cname.locator('td').nth(1).locator('code').textContent()).toBe('www');
      expect(await cname.locator('td').nth(2).locator('code').textContent()).toBe(TARGET);
      expect(await www.locator('[data-badge="status"]').textContent()).toBe('Pending');

      // The copy button puts the exact value on the clipboard.
      await www.getByRole('button', { name: `Copy value of the CNAME record: ${TARGET}` }).click();
      await announced('Copied the value of the CNAME record');
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(TARGET);
      await www.screenshot({ path: `${SCREENSHOTS}added-records-to-create.png` });

      // At the DNS provider: the zone, then the CNAME with the copied value.
      await createZone('example.com');
      await addRecord('example.com', 'CNAME', 'www', TARGET);
      const row = page.locator('section[data-zone="example.com"] tr[data-record-type="CNAME"]');
      expect(await row.getAttribute('data-visible')).toBe('false');
      expect(await row.locator('td').nth(4).textContent()).toContain(
        'Not visible yet: propagating until 2026-07-01 09:05:00 UTC',
      );

      // Verifying before the record propagated fails and says so.
      await verify(www);
      await advance('1m');
      await page.locator('article[data-domain="www.example.com"][data-status="misconfigured"]').waitFor();
      expect(await www.locator('[data-reason]').first().textContent()).toMatch(/propagat/i);

      // After the propagation delay the record is visible, and Verify makes the domain live.
      await advance('5m');
      expect(await row.getAttribute('data-visible')).toBe('true');
      await verify(www);
      await advance('1m');
      await page.locator('article[data-domain="www.example.com"][data-status="active"]').waitFor();
      await announced('www.example.com: Live; Certificate pending.');
      expect(await www.locator('[data-badge="certificate"]').textContent()).toBe('Certificate pending');

      // A couple of minutes later the certificate is issued, with nothing installed by the user.
      await advance('5m');
      await www.locator('.cert-issued').waitFor();
      await announced('www.example.com: Live; Certificate issued.');
      await www.screenshot({ path: `${SCREENSHOTS}live-certificate-issued.png` });

      const served = await getWithHost(mock, 'www.example.com');
      expect(served.status).toBe(200);
      expect(Array.isArray(JSON.parse(served.body))).toBe(true);

      // Re-verify on the live domain: it stays live and served (200) while the fresh attempt runs.
      await verify(www, 'Re-verify');
      expect(await www.getAttribute('data-status')).toBe('active');
      expect(await www.locator('[data-badge="reverifying"]').textContent()).toBe('Re-verifying');
      expect(await www.locator('[data-traffic]').textContent()).toContain('throughout the re-verification');
      expect(await www.locator('[data-next-step]').textContent()).toContain('stays live');
      expect((await getWithHost(mock, 'www.example.com')).status).toBe(200);
      await www.screenshot({ path: `${SCREENSHOTS}state-reverifying.png` });
      await advance('1m');
      await www.and(page.locator('[data-reverifying="false"]')).waitFor();
      expect((await getWithHost(mock, 'www.example.com')).status).toBe(200);
      await advance('5m');
      expect(await www.locator('[data-badge="certificate"]').textContent()).toBe('Certificate issued');
      expect((await getWithHost(mock, 'www.example.com')).status).toBe(200);

      // Remove, with the keyboard: the menu next to the domain, then Remove, then confirm.
      await www.getByRole('button', { name: 'More actions for www.example.com' }).focus();
      await page.keyboard.press('Enter');
      const menu = www.getByRole('menu');
      await menu.waitFor();
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Re-verify');
      await page.keyboard.press('End');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Remove');
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Remove www.example.com?' });
      await dialog.waitFor();
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      await announced('Removed www.example.com. It is no longer served.');
      await card('www.example.com').waitFor({ state: 'detached' });

      const after = await getWithHost(mock, 'www.example.com');
      expect(after.status).toBe(404);
      expect(JSON.parse(after.body)).toMatchObject({ code: 'DOMAIN_REMOVED', status: 404 });
    });

    it('shows an existing A record blocking the CNAME, at the provider and at verification', async () => {
      await createZone('example.org');
      await addRecord('example.org', 'A', 'blog', '198.51.100.7');
      const blog = await addDomain('blog.example.org');

      // "Add in DNS panel" fills the provider's form with the record to create; the provider refuses it.
      await blog.getByRole('button', { name: /Add in DNS panel/ }).click();
      expect(await page.getByLabel('Value', { exact: true }).inputValue()).toBe(TARGET);
      await page.getByRole('button', { name: 'Add record' }).click();
      await page.locator('#record-error', { hasText: 'CNAME_CONFLICT' }).waitFor();

      await advance('5m');
      await verify(blog);
      await advance('1m');
      await page.locator('article[data-domain="blog.example.org"][data-status="misconfigured"]').waitFor();
      const reason = blog.locator('[data-reason="CONFLICTING_A_RECORD"]');
      expect(await reason.textContent()).toContain('198.51.100.7');
      expect(await blog.locator('[data-badge="status"]').textContent()).toBe('Invalid configuration');
      await blog.screenshot({ path: `${SCREENSHOTS}a-record-conflict.png` });
    });

    it('shows a certificate refused by CAA, and issued after the CAA record is fixed and Re-verify', async () => {
      await createZone('example.net');
      await addRecord('example.net', 'CAA', '@', '0 issue "other-ca.example"');
      await addRecord('example.net', 'CNAME', 'shop', TARGET);
      const shop = await addDomain('shop.example.net');
      await advance('5m');
      await verify(shop);
      await advance('1m');
      await advance('5m');
      await shop.locator('.cert-failed').waitFor();
      // Verified and served; only the certificate failed, with the reason and the fix.
      expect(await shop.getAttribute('data-status')).toBe('active');
      const reason = shop.locator('[data-reason="CAA_FORBIDS_ISSUANCE"]');
      expect(await reason.textContent()).toContain('letsencrypt.org');
      await shop.screenshot({ path: `${SCREENSHOTS}caa-certificate-failed.png` });

      // Edit the CAA record at the provider, wait out the old record's TTL, then Re-verify.
      await page.getByRole('button', { name: 'Edit CAA @ 0 issue "other-ca.example"' }).click();
      await page.getByLabel('Value', { exact: true }).fill('0 issue "letsencrypt.org"');
      await page.getByRole('button', { name: 'Save record' }).click();
      await announced('Saved CAA example.net');
      await advance('1h');
      await verify(shop, 'Re-verify');
      await advance('1m');
      await advance('5m');
      await shop.locator('.cert-issued').waitFor();
    });

    it('adds an internationalised domain in Unicode, shows both forms, and serves it by its ASCII name', async () => {
      const ascii = 'xn--bcher-kva.example';
      await page.getByLabel('Domain or subdomain').fill('bücher.example');
      await page.getByRole('button', { name: 'Add domain' }).click();
      const idn = card(ascii);
      await idn.waitFor();
      expect(await idn.locator('h3').textContent()).toBe(`bücher.example${ascii}`);
      expect(await idn.locator('[data-ascii]').textContent()).toBe(ascii);
      const alias = idn.locator('tr[data-record="ALIAS"]');
      expect(await alias.locator('td').nth(1).locator('code').textContent()).toBe('@');

      // "Add in DNS panel" names the zone in its ASCII form, as the provider stores it.
      await idn
        .locator('tr[data-record="ALIAS"]')
        .getByRole('button', { name: /Add in DNS panel/ })
        .click();
      expect(await page.getByLabel('Zone (registered domain)').inputValue()).toBe(ascii);
      await page.getByRole('button', { name: 'Create zone' }).click();
      await page.locator(`section[data-zone="${ascii}"]`).waitFor();
      await page.getByRole('button', { name: 'Add record' }).click();
      await announced(`Added ALIAS ${ascii}`);
      await advance('5m');
      await verify(idn);
      await advance('1m');
      await idn.and(page.locator('[data-status="active"]')).waitFor();
      await announced('bücher.example: Live; Certificate pending.');
      expect((await getWithHost(mock, ascii)).status).toBe(200);
      await idn.screenshot({ path: `${SCREENSHOTS}idn-both-forms.png` });
    });

    it('asks for the record in the registrable zone the Public Suffix List gives (example.com.sg)', async () => {
      const shop = await addDomain('shop.example.com.sg');
      const cname = shop.locator('tr[data-record="CNAME"]');
      expect(await cname.locator('td').nth(1).locator('code').textContent()).toBe('shop');
      await cname.getByRole('button', { name: /Add in DNS panel/ }).click();
      expect(await page.getByLabel('Zone (registered domain)').inputValue()).toBe('example.com.sg');
      const apex = await addDomain('example.github.io');
      expect(await apex.locator('tr[data-record="ALIAS"] td').nth(1).locator('code').textContent()).toBe('@');
    });

    it('shows the free-plan refusal and adds nothing', async () => {
      await page.getByLabel('Project').selectOption('hobby-blog');
      const refusal = page.locator('#refusal[data-code="PLAN_UPGRADE_REQUIRED"]');
      await refusal.waitFor();
      expect(await refusal.textContent()).toContain('Pro plan');
      expect(await page.getByRole('button', { name: 'Add domain' }).isDisabled()).toBe(true);
      expect(await page.getByLabel('Domain or subdomain').isDisabled()).toBe(true);
      await page.locator('section[aria-labelledby="domains-heading"]').screenshot({
        path: `${SCREENSHOTS}free-plan-refusal.png`,
      });
      const domains = await fetch(`${mock.url}/__dashboard/api/projects/hobby-blog/domains`);
      expect(await domains.json()).toEqual([]);

      // Upgrading (a mock control) lifts the refusal.
      await page.getByLabel('Plan', { exact: true }).selectOption('pro');
      await page.getByRole('button', { name: 'Set plan' }).click();
      await page.locator('#refusal').waitFor({ state: 'hidden' });
      expect(await page.getByRole('button', { name: 'Add domain' }).isDisabled()).toBe(false);
    });

    it('shows every state at once, at desktop and phone width', async () => {
      await page.getByLabel('Preset').selectOption('every-state');
      await page.getByRole('button', { name: 'Load preset' }).click();
      await announced('Loaded the preset every-state');
      await card('shop.example.org').waitFor();
      // Every control has an accessible name, and ids (which labels and ARIA point at) are unique.
      const problems = await page.evaluate(() => {
        const controls = [...document.querySelectorAll<HTMLElement>('input, select, textarea, button')];
        const unnamed = controls.filter((control) => {
          const labels = (control as HTMLInputElement).labels?.length ?? 0;
          const text = control.tagName === 'BUTTON' ? control.textContent?.trim() : '';
          return !(
            labels > 0 ||
            text ||
            control.getAttribute('aria-label') ||
            control.getAttribute('aria-labelledby')
          );
        });
        const ids = [...document.querySelectorAll('[id]')].map((element) => element.id);
        const duplicates = ids.filter((id, index) => ids.indexOf(id) !== index);
        return [...unnamed.map((control) => control.outerHTML.slice(0, 80)), ...duplicates];
      });
      expect(problems).toEqual([]);
      // Each state says what to do next in one sentence, from the seed's troubleshooting rules.
      const states = [
        ['pending.example.com', 'pending', /up to 48 hours/],
        ['verifying.example.com', 'verifying', /being checked/],
        ['blog.example.com', 'misconfigured', /Delete the A record "blog".*blocks the CNAME/],
        ['app.example.com', 'certificate-pending', /couple of minutes.*30 minutes/],
        ['www.example.com', 'certificate-issued', /renewed automatically/],
        ['shop.example.org', 'certificate-failed', /CAA record that allows letsencrypt\.org.*Re-verify/],
        ['www.acme.test', 'certificate-troubleshooting', /troubleshooting steps below/],
      ] as const;
      for (const [name, state, sentence] of states) {
        const domain = card(name);
        expect(await domain.locator('[data-next-step]').textContent()).toMatch(sentence);
        await domain.screenshot({ path: `${SCREENSHOTS}state-${state}.png` });
      }
      expect(await card('blog.example.com').locator('[data-traffic]').textContent()).toContain(
        '404 DOMAIN_MISCONFIGURED',
      );
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: `${SCREENSHOTS}every-state-desktop.png` });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: `${SCREENSHOTS}every-state-phone.png` });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });
  },
);

describe.skipIf(skipWithoutChromium)('the Domains settings page of a mock without its controls', () => {
  it('says that --no-admin turned the Simulation panel off, and still lists domains', async () => {
    const mock = await startServer({ port: 0, admin: false });
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      await page.goto(`${mock.url}/__dashboard/#project=acme-shop`);
      await page.locator('body[data-ready="true"]').waitFor({ state: 'attached' });
      const note = page.locator('#sim-off');
      await note.waitFor({ state: 'visible' });
      expect(await note.textContent()).toContain('--no-admin');
      expect(await page.locator('#sim-controls').isHidden()).toBe(true);
      expect(await page.getByRole('heading', { name: 'Simulation' }).isVisible()).toBe(true);
      expect(await page.getByRole('button', { name: 'Add domain' }).isVisible()).toBe(true);
    } finally {
      await browser.close();
      await mock.close();
    }
  }, 40_000);
});
