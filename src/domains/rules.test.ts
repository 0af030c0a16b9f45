import { describe, expect, it } from 'vitest';
import { createMockApi } from '../core/api.ts';
import { DEV_API_KEY } from '../core/defaults.ts';
import { domainsOf, recordsOf, testDashboard } from './test-support/harness.ts';

const target = 'acme-shop.mockpages.example';
const www = `${domainsOf('acme-shop')}/www.example.com`;

/** A Pro project with a deploy, a zone example.com, and DNS changes visible at once unless a test says otherwise. */
async function ready(options: Parameters<typeof testDashboard>[0] = { dnsPropagationMs: 0 }) {
  const t = testDashboard(options);
  await t.api('POST', '/__dashboard/api/dns/zones', { name: 'example.com' });
  const record = (type: string, name: string, value: string) =>
    t.api('POST', recordsOf('example.com'), { type, name, value, ttl: 3600 });
  /** Verify, then let the check complete. */
  const verify = async (path = www, action = 'verify') => {
    const started = await t.api('POST', `${path}/${action}`);
    await t.advance('5s');
    return { started, domain: (await t.api('GET', path)).body };
  };
  /** www.example.com live with its certificate issued, as read by the user; with its CNAME record. */
  const live = async () => {
    await t.api('POST', domainsOf('acme-shop'), { name: 'www.example.com' });
    const cname = await record('CNAME', 'www', target);
    await verify();
    await t.advance('2m');
    return { cname: cname.body, domain: (await t.api('GET', www)).body };
  };
  return { ...t, record, verify, live };
}

describe('rule 1: adding needs a paid plan and a successful deploy', () => {
  it('refuses a free project with PLAN_UPGRADE_REQUIRED and creates nothing', async () => {
    const t = await ready();
    const answer = await t.api('POST', domainsOf('hobby-blog'), { name: 'www.example.com' });
    expect(answer.status).toBe(403);
    expect(answer.body.code).toBe('PLAN_UPGRADE_REQUIRED');
    expect(answer.body.message).toMatch(/Pro plan/);
    expect((await t.api('GET', domainsOf('hobby-blog'))).body).toEqual([]);
  });

  it('refuses a Pro project without a successful deploy until one is recorded', async () => {
    const t = await ready();
    const refused = await t.api('POST', domainsOf('launch-pad'), { name: 'www.example.com' });
    expect([refused.status, refused.body.code]).toEqual([409, 'DEPLOY_REQUIRED']);
    expect((await t.api('GET', domainsOf('launch-pad'))).body).toEqual([]);
    await t.api('POST', '/__mock/dashboard/projects/launch-pad/deploys', { status: 'succeeded' });
    expect((await t.api('POST', domainsOf('launch-pad'), { name: 'www.example.com' })).status).toBe(201);
  });

  it('allows adding once the plan is upgraded through the mock control', async () => {
    const t = await ready();
    await t.api('PUT', '/__mock/dashboard/projects/hobby-blog/plan', { plan: 'pro' });
    expect((await t.api('POST', domainsOf('hobby-blog'), { name: 'blog.example.com' })).status).toBe(201);
  });
});

describe('rule 2: add answers with the records to create', () => {
  it('gives a subdomain a CNAME named by its label, valued with the target, TTL 3600', async () => {
    const t = await ready();
    const answer = await t.api('POST', domainsOf('acme-shop'), { name: 'WWW.Example.com.' });
    expect(answer.status).toBe(201);
    expect(answer.headers.location).toBe(www);
    expect(answer.body).toMatchObject({ name: 'www.example.com', apex: false, status: 'pending' });
    expect(answer.body.records).toEqual([
      { type: 'CNAME', name: 'www', host: 'www.example.com', value: target, ttl: 3600 },
    ]);
  });
});

describe('rule 3: the CNAME value must match the target exactly', () => {
  it('fails verification with the found and expected values when the CNAME points elsewhere', async () => {
    const t = await ready();
    await t.api('POST', domainsOf('acme-shop'), { name: 'www.example.com' });
    await t.record('CNAME', 'www', 'old-host.example.net');
    const { domain } = await t.verify();
    expect(domain.status).toBe('misconfigured');
    expect(domain.reasons).toEqual([
      expect.objectContaining({
        code: 'CNAME_TARGET_MISMATCH',
        found: 'CNAME old-host.example.net',
        expected: `CNAME ${target}`,
      }),
    ]);
  });

  it('accepts the target in another case and with a trailing dot', async () => {
    const t = await ready();
    await t.api('POST', domainsOf('acme-shop'), { name: 'www.example.com' });
    await t.record('CNAME', 'www', 'ACME-Shop.MockPages.Example.');
    expect((await t.verify()).domain.status).toBe('active');
  });
});

describe('rule 4: verified means live, with a certificate issued automatically', () => {
  it('goes pending → verifying → active, and the certificate pending → issued', async () => {
    const t = await ready();
    await t.api('POST', domainsOf('acme-shop'), { name: 'www.example.com' });
    await t.record('CNAME', 'www', target);
    const { started, domain } = await t.verify();
    expect([started.status, started.body.status]).toEqual([202, 'verifying']);
    expect(domain).toMatchObject({ status: 'active', reasons: [], certificate: { status: 'pending' } });
    await t.advance('2m');
    const issued = (await t.api('GET', www)).body;
    expect(issued.certificate).toMatchObject({ status: 'issued', issuer: 'letsencrypt.org', reasons: [] });
    expect(await t.call('GET', '/v1/store/orders', undefined, { host: 'www.example.com' })).toBeUndefined();
  });

  it('answers a second verify of an active domain with 200 and no change', async () => {
    const t = await ready();
    await t.api('POST', domainsOf('acme-shop'), { name: 'www.example.com' });
    await t.record('CNAME', 'www', target);
    await t.verify();
    const again = await t.api('POST', `${www}/verify`);
    expect([again.status, again.body.status]).toEqual([200, 'active']);
  });
});

describe('rule 5: an apex (a registrable domain, by the Public Suffix List) needs ALIAS or ANAME, never a CNAME', () => {
  it('asks for ALIAS @ with a note that not every provider supports it, and offers A/AAAA alternatives', async () => {
    const t = await ready();
    const { body } = await t.api('POST', domainsOf('acme-shop'), { name: 'example.com' });
    expect(body.apex).toBe(true);
    expect(body.records).toEqual([
      { type: 'ALIAS', name: '@', host: 'example.com', value: target, ttl: 3600 },
    ]);
    expect(body.note).toMatch(/Not every DNS provider supports/);
    expect(body.alternatives.map((r: { type: string }) => r.type)).toEqual(['A', 'AAAA']);
  });

  it('refuses a CNAME at the zone apex at the DNS provider', async () => {
    const t = await ready();
    const answer = await t.record('CNAME', '@', target);
    expect([answer.status, answer.body.code]).toEqual([422, 'CNAME_AT_APEX']);
  });

  it('verifies an apex whose ALIAS resolves to the platform, and flags one that resolves elsewhere', async () => {
    const t = await ready();
    await t.api('POST', domainsOf('acme-shop'), { name: 'example.com' });
    const apex = `${domainsOf('acme-shop')}/example.com`;
    const a = await t.record('A', '@', '198.51.100.20');
    const flagged = (await t.verify(apex)).domain;
    expect(flagged.reasons[0]).toMatchObject({ code: 'APEX_NOT_ALIASED', found: '198.51.100.20' });
    await t.api('DELETE', `${recordsOf('example.com')}/${a.body.id}`);
    await t.advance('1h');
    await t.record('ALIAS', '@', target);
    expect((await t.verify(apex, 'reverify')).domain.status).toBe('active');
  });

  // The Public Suffix List (tldts, private domains included) decides what is an apex.
  it.each([
    ['example.co.il', true, 'ALIAS', '@', 'example.co.il'],
    ['shop.example.com.sg', false, 'CNAME', 'shop', 'example.com.sg'],
    ['example.github.io', true, 'ALIAS', '@', 'example.github.io'],
    ['example.com', true, 'ALIAS', '@', 'example.com'],
    ['www.example.com', false, 'CNAME', 'www', 'example.com'],
  ])('treats %s as apex=%s: %s %s in the zone %s', async (name, apex, type, record, zone) => {
    const t = await ready();
    const added = await t.api('POST', domainsOf('acme-shop'), { name });
    expect(added.status).toBe(201);
    expect(added.body.apex).toBe(apex);
    expect(added.body.records).toEqual([{ type, name: record, host: name, value: target, ttl: 3600 }]);
    // The record asked for is accepted in that zone at the provider and makes the domain live.
    if (zone !== 'example.com') await t.api('POST', '/__dashboard/api/dns/zones', { name: zone });
    const created = await t.api('POST', recordsOf(zone), { type, name: record, value: target });
    expect([created.status, created.body.host]).toEqual([201, name]);
    const path = `${domainsOf('acme-shop')}/${name}`;
    expect((await t.verify(path)).domain.status).toBe('active');
  });

  it('asks for the record by its name in its registrable zone when nothing is found', async () => {
    const t = await ready();
    await t.api('POST', domainsOf('acme-shop'), { name: 'shop.example.co.il' });
    const { domain } = await t.verify(`${domainsOf('acme-shop')}/shop.example.co.il`);
    expect(domain.reasons[0].code).toBe('DNS_NOT_FOUND');
    expect(domain.reasons[0].message).toContain(`Add CNAME shop → ${target}`);
  });

  it('refuses a public suffix as a domain or as a zone (co.il, github.io)', async () => {
    const t = await ready();
    for (const name of ['co.il', 'github.io']) {
      const domain = await t.api('POST', domainsOf('acme-shop'), { name });
      expect([domain.status, domain.body.code]).toEqual([400, 'INVALID_DOMAIN']);
      expect(domain.body.message).toContain('public suffix');
      const zone = await t.api('POST', '/__dashboard/api/dns/zones', { name });
      expect([zone.status, zone.body.code]).toEqual([400, 'INVALID_DOMAIN']);
    }
  });
});

describe('rule 6: an A record at the subdomain blocks the CNAME', () => {
  it('refuses the CNAME at the provider and fails verification naming the A record', async () => {
    const t = await ready();
    await t.api('POST', domainsOf('acme-shop'), { name: 'www.example.com' });
    await t.record('A', 'www', '198.51.100.7');
    const refused = await t.record('CNAME', 'www', target);
    expect([refused.status, refused.body.code]).toEqual([409, 'CNAME_CONFLICT']);
    expect(refused.body.message).toMatch(/already has an A record \(198\.51\.100\.7/);
    const { domain } = await t.verify();
    expect(domain.status).toBe('misconfigured');
    expect(domain.reasons[0]).toMatchObject({ code: 'CONFLICTING_A_RECORD', found: 'A 198.51.100.7' });
    expect(domain.reasons[0].message).toMatch(/A record \(198\.51\.100\.7\) that blocks the CNAME/);
  });
});

describe('rule 7: several domains per project, with a primary and redirects', () => {
  it('stores primary and 301 redirects between attached domains', async () => {
    const t = await ready();
    for (const name of ['www.example.com', 'example.com', 'shop.example.com']) {
      await t.api('POST', domainsOf('acme-shop'), { name });
    }
    expect((await t.api('GET', domainsOf('acme-shop'))).body).toHaveLength(3);
    const config = {
      domains: {
        primary: 'www.example.com',
        redirects: [
          { from: 'example.com', to: 'www.example.com', status: 301 },
          { from: 'shop.example.com', to: 'www.example.com', status: 301 },
        ],
      },
    };
    const put = await t.api('PUT', '/__dashboard/api/projects/acme-shop/configuration', config);
    expect([put.status, put.body]).toEqual([200, config]);
    const refused = await t.api('PUT', '/__dashboard/api/projects/acme-shop/configuration', {
      domains: {
        primary: 'www.example.com',
        redirects: [{ from: 'example.com', to: 'shop.example.com', status: 301 }],
      },
    });
    expect([refused.status, refused.body.code]).toEqual([422, 'REDIRECT_TO_NOT_PRIMARY']);
    expect((await t.api('GET', '/__dashboard/api/projects/acme-shop/configuration')).body).toEqual(config);
  });
});

describe('rule 8: a CAA record that does not allow the CA stops the certificate, not the domain', () => {
  it('keeps the domain active and fails the certificate with the reason and the fix', async () => {
    const t = await ready();
    await t.api('POST', domainsOf('acme-shop'), { name: 'www.example.com' });
    await t.record('CNAME', 'www', target);
    await t.record('CAA', '@', '0 issue "other-ca.example"');
    await t.verify();
    await t.advance('2m');
    const domain = (await t.api('GET', www)).body;
    expect(domain.status).toBe('active');
    expect(domain.certificate.status).toBe('failed');
    expect(domain.certificate.reasons[0]).toMatchObject({
      code: 'CAA_FORBIDS_ISSUANCE',
      found: 'CAA 0 issue "other-ca.example" at example.com',
      expected: 'CAA 0 issue "letsencrypt.org"',
    });
    expect(domain.certificate.reasons[0].message).toMatch(
      /CAA record for example\.com prevents issuance.*Add a CAA record/,
    );
  });

  it('issues when the relevant CAA set names the CA', async () => {
    const t = await ready();
    await t.api('POST', domainsOf('acme-shop'), { name: 'www.example.com' });
    await t.record('CNAME', 'www', target);
    await t.record('CAA', '@', '0 issue "letsencrypt.org"');
    await t.verify();
    await t.advance('2m');
    expect((await t.api('GET', www)).body.certificate.status).toBe('issued');
  });
});

describe('rule 9: re-verify starts a fresh verification and certificate attempt', () => {
  it('turns a CAA-failed certificate into an issued one once CAA is fixed', async () => {
    const t = await ready();
    await t.api('POST', domainsOf('acme-shop'), { name: 'www.example.com' });
    await t.record('CNAME', 'www', target);
    const caa = await t.record('CAA', '@', '0 issue ";"');
    await t.verify();
    await t.advance('2m');
    expect((await t.api('GET', www)).body.certificate.status).toBe('failed');
    await t.api('DELETE', `${recordsOf('example.com')}/${caa.body.id}`);
    await t.advance('1h'); // the deleted record stays in caches for its TTL
    const { started, domain } = await t.verify(www, 'reverify');
    // Still live while the attempt runs: only its outcome changes the state.
    expect([started.status, started.body.status, started.body.reverifying]).toEqual([202, 'active', true]);
    expect(domain).toMatchObject({
      status: 'active',
      reverifying: false,
      certificate: { status: 'pending' },
    });
    await t.advance('2m');
    expect((await t.api('GET', www)).body.certificate.status).toBe('issued');
  });

  it('keeps a live domain served (200) throughout a re-verify, on the mock clock', async () => {
    const t = await ready();
    const mock = createMockApi({ extensions: [t.extension], clock: t.dashboard.clock });
    const get = async () =>
      (
        await mock.handle({
          method: 'GET',
          path: '/v1/store/orders',
          query: '',
          headers: { host: 'www.example.com', authorization: `Bearer ${DEV_API_KEY}` },
        })
      ).status;
    const before = (await t.live()).domain;
    expect(before.certificate.status).toBe('issued');
    expect(await get()).toBe(200);
    await t.api('POST', `${www}/reverify`);
    // Through the check (5 s) and the fresh certificate attempt (2 min), second by second at first.
    const seen = new Set<number>();
    for (let second = 0; second < 10; second++) {
      seen.add(await get());
      const now = (await t.api('GET', www)).body;
      expect(now.status).toBe('active');
      expect(now.certificate.issuedAt).not.toBeNull(); // the current certificate is kept meanwhile
      await t.advance('1s');
    }
    for (let minute = 0; minute < 3; minute++) {
      seen.add(await get());
      await t.advance('1m');
    }
    expect([...seen]).toEqual([200]);
    const after = (await t.api('GET', www)).body;
    expect(after).toMatchObject({ status: 'active', reverifying: false, certificate: { status: 'issued' } });
    expect(Date.parse(after.certificate.issuedAt)).toBeGreaterThan(Date.parse(before.certificate.issuedAt));
    expect(Date.parse(after.verifiedAt)).toBeGreaterThan(Date.parse(before.verifiedAt));
  });

  it('keeps the issued certificate in service until the fresh attempt replaces it, failed if CAA now forbids', async () => {
    const t = await ready();
    expect((await t.live()).domain.certificate.status).toBe('issued');
    await t.record('CAA', '@', '0 issue "other-ca.example"');
    const { domain } = await t.verify(www, 'reverify');
    expect(domain).toMatchObject({ status: 'active', certificate: { status: 'issued' } });
    expect(domain.certificate.nextAttemptAt).not.toBeNull();
    await t.advance('2m');
    const after = (await t.api('GET', www)).body;
    expect(after.status).toBe('active');
    expect(after.certificate).toMatchObject({ status: 'failed', nextAttemptAt: null });
    expect(after.certificate.reasons[0].code).toBe('CAA_FORBIDS_ISSUANCE');
    expect(await t.call('GET', '/v1/store/orders', undefined, { host: 'www.example.com' })).toBeUndefined();
  });

  it('marks a live domain misconfigured with the reason when the fresh check fails, and stops serving it', async () => {
    const t = await ready();
    const { cname } = await t.live();
    await t.api('DELETE', `${recordsOf('example.com')}/${cname.id}`);
    await t.advance('1h');
    const host = { host: 'www.example.com' };
    await t.api('POST', `${www}/reverify`);
    expect(await t.call('GET', '/v1/store/orders', undefined, host)).toBeUndefined();
    await t.advance('5s');
    const failed = (await t.api('GET', www)).body;
    expect(failed).toMatchObject({ status: 'misconfigured', reverifying: false });
    expect(failed.reasons[0].code).toBe('DNS_NOT_FOUND');
    await expect(t.call('GET', '/v1/store/orders', undefined, host)).rejects.toMatchObject({
      status: 404,
      code: 'DOMAIN_MISCONFIGURED',
    });
  });
});

describe('rule 10: remove stops serving at once', () => {
  it('answers the very next request for the host with DOMAIN_REMOVED', async () => {
    const t = await ready();
    await t.api('POST', domainsOf('acme-shop'), { name: 'www.example.com' });
    await t.record('CNAME', 'www', target);
    await t.verify();
    const host = { host: 'www.example.com' };
    expect(await t.call('GET', '/v1/store/orders', undefined, host)).toBeUndefined();
    expect((await t.api('DELETE', www)).status).toBe(204);
    await expect(t.call('GET', '/v1/store/orders', undefined, host)).rejects.toMatchObject({
      status: 404,
      code: 'DOMAIN_REMOVED',
    });
    expect((await t.api('GET', www)).body.code).toBe('DOMAIN_NOT_FOUND');
  });
});

describe('rule 11: DNS changes become visible only after propagation', () => {
  it('fails a verification made too early with a reason that says so, and succeeds after the delay', async () => {
    const t = await ready({});
    await t.api('POST', domainsOf('acme-shop'), { name: 'www.example.com' });
    const record = await t.record('CNAME', 'www', target);
    expect(Date.parse(record.body.visibleAt) - Date.parse(record.body.createdAt)).toBe(5 * 60_000);
    const early = (await t.verify()).domain;
    expect(early.status).toBe('misconfigured');
    expect(early.reasons[0].code).toBe('DNS_NOT_PROPAGATED');
    expect(early.reasons[0].message).toMatch(/not visible yet.*up to 48 hours.*about 5 minutes/);
    await t.advance('5m');
    expect((await t.verify(www, 'reverify')).domain.status).toBe('active');
  });

  it('takes a zone propagation up to 48 hours and refuses more', async () => {
    const t = testDashboard();
    const slow = await t.api('POST', '/__dashboard/api/dns/zones', {
      name: 'example.org',
      propagation: '48h',
    });
    expect(slow.body.propagation).toBe('2d');
    const tooSlow = await t.api('POST', '/__dashboard/api/dns/zones', {
      name: 'example.net',
      propagation: '49h',
    });
    expect([tooSlow.status, tooSlow.body.code]).toEqual([400, 'INVALID_DURATION']);
    expect(() => testDashboard({ dnsPropagationMs: 49 * 3_600_000 })).toThrow(/48 hours/);
  });
});

describe('rule 12: the certificate comes a couple of minutes after verification, or a hint after 30', () => {
  it('is pending before two minutes and issued at two', async () => {
    const t = await ready();
    await t.api('POST', domainsOf('acme-shop'), { name: 'www.example.com' });
    await t.record('CNAME', 'www', target);
    await t.verify();
    await t.advance('1m59s');
    expect((await t.api('GET', www)).body.certificate.status).toBe('pending');
    await t.advance('1s');
    expect((await t.api('GET', www)).body.certificate.status).toBe('issued');
  });

  it('carries a troubleshooting hint while still pending 30 minutes after verification', async () => {
    const t = testDashboard({ dnsPropagationMs: 0 });
    await t.api('POST', '/__dashboard/api/dns/zones', { name: 'example.com', caaServfail: true });
    await t.api('POST', domainsOf('acme-shop'), { name: 'www.example.com' });
    await t.api('POST', recordsOf('example.com'), { type: 'CNAME', name: 'www', value: target });
    await t.api('POST', `${www}/verify`);
    await t.advance('5s');
    await t.advance('29m');
    const before = (await t.api('GET', www)).body.certificate;
    expect(before.status).toBe('pending');
    expect(before.reasons[0].code).toBe('CAA_LOOKUP_FAILED');
    expect(before.troubleshoot).toBeUndefined();
    await t.advance('1m');
    const after = (await t.api('GET', www)).body.certificate;
    expect(after.troubleshoot).toMatchObject({ code: 'CERTIFICATE_DELAYED' });
    expect(after.troubleshoot.steps.join(' ')).toMatch(/Re-verify/);
  });
});
