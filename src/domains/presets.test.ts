import { describe, expect, it } from 'vitest';
import { presets } from './presets.ts';
import { domainsOf, testDashboard } from './test-support/harness.ts';

/** What each state looks like through the API: [domain, status, certificate status, first reason code]. */
const expected: Readonly<Record<string, readonly [string, string, string, string | undefined]>> = {
  pending: ['pending.example.com', 'pending', 'none', undefined],
  verifying: ['verifying.example.com', 'verifying', 'none', undefined],
  'certificate-pending': ['app.example.com', 'active', 'pending', undefined],
  issued: ['www.example.com', 'active', 'issued', undefined],
  'issued-apex': ['example.com', 'active', 'issued', undefined],
  'caa-forbidden': ['shop.example.org', 'active', 'failed', 'CAA_FORBIDS_ISSUANCE'],
  'a-record-conflict': ['blog.example.com', 'misconfigured', 'none', 'CONFLICTING_A_RECORD'],
  'cname-mismatch': ['docs.example.com', 'misconfigured', 'none', 'CNAME_TARGET_MISMATCH'],
  'apex-not-aliased': ['example.net', 'misconfigured', 'none', 'APEX_NOT_ALIASED'],
  'awaiting-propagation': ['new.example.com', 'misconfigured', 'none', 'DNS_NOT_PROPAGATED'],
  troubleshooting: ['www.acme.test', 'active', 'pending', 'CAA_LOOKUP_FAILED'],
};

function summary(domain: {
  name: string;
  status: string;
  reasons: { code: string }[];
  certificate: { status: string; reasons: { code: string }[] };
}) {
  const reason = domain.reasons[0]?.code ?? domain.certificate.reasons[0]?.code;
  return [domain.name, domain.status, domain.certificate.status, reason];
}

describe('the presets (named states) of the simulation', () => {
  it('lists one preset per state plus every-state, each with a description', async () => {
    const t = testDashboard();
    const { body } = await t.api('GET', '/__mock/dashboard/presets');
    expect(body.map((s: { name: string }) => s.name)).toEqual(['every-state', ...Object.keys(expected)]);
    expect(body.every((s: { description: string }) => s.description.length > 10)).toBe(true);
  });

  for (const preset of presets.filter((s) => s.name !== 'every-state')) {
    it(`puts a domain in the ${preset.name} state`, async () => {
      const t = testDashboard();
      const loaded = await t.api('POST', `/__mock/dashboard/presets/${preset.name}`);
      expect(loaded.status).toBe(200);
      const domains = (await t.api('GET', domainsOf('acme-shop'))).body;
      expect(domains.map(summary)).toEqual([expected[preset.name]]);
    });
  }

  it('every-state shows all of them at once, with a primary and a redirect', async () => {
    const t = testDashboard();
    const loaded = await t.api('POST', '/__mock/dashboard/presets/every-state');
    expect(loaded.body.domains.map(summary)).toEqual(Object.values(expected));
    const config = (await t.api('GET', '/__dashboard/api/projects/acme-shop/configuration')).body;
    expect(config.domains.primary).toBe('www.example.com');
  });

  it('shows the same states whatever the default propagation is', async () => {
    for (const dnsPropagationMs of [0, 48 * 3_600_000]) {
      const t = testDashboard({ dnsPropagationMs });
      const loaded = await t.api('POST', '/__mock/dashboard/presets/every-state');
      expect(loaded.body.domains.map(summary)).toEqual(Object.values(expected));
    }
  });

  it('shows the troubleshooting hint in the troubleshooting preset only', async () => {
    const t = testDashboard();
    const { body } = await t.api('POST', '/__mock/dashboard/presets/every-state');
    const hinted = body.domains.filter(
      (d: { certificate: { troubleshoot?: unknown } }) => d.certificate.troubleshoot,
    );
    expect(hinted.map((d: { name: string }) => d.name)).toEqual(['www.acme.test']);
  });

  it('moves on with the clock: verifying completes, the pending certificate issues, propagation ends', async () => {
    const t = testDashboard();
    await t.api('POST', '/__mock/dashboard/presets/every-state');
    await t.advance('5m');
    await t.api('POST', `${domainsOf('acme-shop')}/new.example.com/reverify`);
    await t.advance('5s');
    const byName = new Map(
      (await t.api('GET', domainsOf('acme-shop'))).body.map((d: { name: string }) => [
        d.name,
        summary(d as never),
      ]),
    );
    expect(byName.get('verifying.example.com')).toEqual([
      'verifying.example.com',
      'active',
      'issued',
      undefined,
    ]);
    expect(byName.get('app.example.com')).toEqual(['app.example.com', 'active', 'issued', undefined]);
    expect(byName.get('new.example.com')).toEqual(['new.example.com', 'active', 'pending', undefined]);
  });

  it('refuses an unknown preset with the list of names', async () => {
    const t = testDashboard();
    const answer = await t.api('POST', '/__mock/dashboard/presets/nope');
    expect([answer.status, answer.body.code]).toEqual([404, 'PRESET_NOT_FOUND']);
    expect(answer.body.message).toMatch(/every-state/);
  });

  it('answers under the former paths (deprecated) as it did: the preset under `scenario`', async () => {
    const t = testDashboard();
    expect((await t.api('GET', '/__mock/dashboard/scenarios')).body).toEqual(
      (await t.api('GET', '/__mock/dashboard/presets')).body,
    );
    const loaded = await t.api('POST', '/__mock/dashboard/scenarios/every-state');
    expect(loaded.body.scenario.name).toBe('every-state');
    expect(loaded.body.domains.map(summary)).toEqual(Object.values(expected));
  });
});
