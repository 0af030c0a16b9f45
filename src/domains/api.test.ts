import { describe, expect, it } from 'vitest';
import { domainsOf, testDashboard } from './test-support/harness.ts';

describe('the dashboard API', () => {
  it('lists the seeded projects: a Pro one with a successful deploy, a free one, one without a deploy', async () => {
    const t = testDashboard();
    const { body } = await t.api('GET', '/__dashboard/api/projects');
    expect(
      body.map((p: { id: string; plan: string; customDomains: { allowed: boolean } }) => [
        p.id,
        p.plan,
        p.customDomains.allowed,
      ]),
    ).toEqual([
      ['acme-shop', 'pro', true],
      ['hobby-blog', 'free', false],
      ['launch-pad', 'pro', false],
    ]);
    expect(body[0].defaultDomain).toBe('acme-shop.mockpages.example');
    expect(body[1].customDomains.code).toBe('PLAN_UPGRADE_REQUIRED');
  });

  it('refuses invalid names, the platform domain, and a domain attached here or elsewhere', async () => {
    const t = testDashboard();
    const add = async (project: string, name: unknown) =>
      (await t.api('POST', domainsOf(project), { name })).body.code;
    expect(await add('acme-shop', 'not a domain')).toBe('INVALID_DOMAIN');
    expect(await add('acme-shop', 'localhost')).toBe('INVALID_DOMAIN');
    expect(await add('acme-shop', 'x.acme-shop.mockpages.example')).toBe('PLATFORM_DOMAIN');
    expect(await add('acme-shop', 42)).toBe('INVALID_REQUEST');
    await add('acme-shop', 'www.example.com');
    expect(await add('acme-shop', 'WWW.example.com')).toBe('DOMAIN_ALREADY_ADDED');
    await t.api('PUT', '/__mock/dashboard/projects/hobby-blog/plan', { plan: 'enterprise' });
    expect(await add('hobby-blog', 'www.example.com')).toBe('DOMAIN_IN_USE');
  });

  it('answers unknown projects, domains and routes with 404, and a wrong method with 405 and Allow', async () => {
    const t = testDashboard();
    expect((await t.api('GET', domainsOf('nope'))).body.code).toBe('PROJECT_NOT_FOUND');
    expect((await t.api('GET', `${domainsOf('acme-shop')}/www.example.com`)).body.code).toBe(
      'DOMAIN_NOT_FOUND',
    );
    expect((await t.api('GET', '/__dashboard/api/nothing')).body.code).toBe('NOT_FOUND');
    expect((await t.api('HEAD', domainsOf('acme-shop'))).status).toBe(200);
    const wrong = await t.api('PATCH', domainsOf('acme-shop'));
    expect([wrong.status, wrong.headers.allow]).toEqual([405, 'GET, HEAD, POST, OPTIONS']);
  });

  it('refuses a wrongly typed or unknown field with 400 naming it, and creates nothing', async () => {
    const t = testDashboard();
    for (const [body, field] of [
      [{ name: 'example.com', aliasSupport: 'no' }, 'aliasSupport'],
      [{ name: 'example.com', caaServfail: 1 }, 'caaServfail'],
      [{ name: 'example.com', alias: true }, 'alias'],
      [{}, 'name'],
    ] as const) {
      const answer = await t.api('POST', '/__dashboard/api/dns/zones', body);
      expect([answer.status, answer.body.code], JSON.stringify(body)).toEqual([400, 'INVALID_REQUEST']);
      expect(answer.body.message).toContain(`"${field}"`);
    }
    expect((await t.api('GET', '/__dashboard/api/dns/zones')).body).toEqual([]);
    const plan = await t.api('PUT', '/__mock/dashboard/projects/acme-shop/plan', { plan: 'pro', extra: 1 });
    expect([plan.status, plan.body.code]).toEqual([400, 'INVALID_REQUEST']);
  });

  it('refuses a body that is not a JSON object', async () => {
    const t = testDashboard();
    const answer = await t.api('POST', domainsOf('acme-shop'), '{not json');
    expect([answer.status, answer.body.code]).toEqual([400, 'INVALID_REQUEST']);
  });

  it('drops a removed domain from the configuration', async () => {
    const t = testDashboard();
    await t.api('POST', '/__mock/dashboard/presets/every-state');
    await t.api('DELETE', `${domainsOf('acme-shop')}/example.com`);
    const config = (await t.api('GET', '/__dashboard/api/projects/acme-shop/configuration')).body;
    expect(config).toEqual({ domains: { primary: 'www.example.com', redirects: [] } });
  });
});

describe('the mock controls', () => {
  it('advances a manual clock and reports it', async () => {
    const t = testDashboard();
    const before = (await t.api('GET', '/__mock/dashboard/clock')).body;
    const after = (await t.api('POST', '/__mock/dashboard/clock/advance', { by: '1h30m' })).body;
    expect(after.mode).toBe('manual');
    expect(Date.parse(after.now) - Date.parse(before.now)).toBe(90 * 60_000);
    expect(after.offset).toBe('1h30m');
    expect((await t.api('POST', '/__mock/dashboard/clock/advance', { by: 'soon' })).body.code).toBe(
      'INVALID_DURATION',
    );
  });

  it('creates projects, sets plans and records deploys, refusing bad values', async () => {
    const t = testDashboard();
    expect((await t.api('POST', '/__mock/dashboard/projects', { id: 'my-site', plan: 'pro' })).status).toBe(
      201,
    );
    expect((await t.api('POST', '/__mock/dashboard/projects', { id: 'my-site' })).body.code).toBe(
      'PROJECT_EXISTS',
    );
    expect((await t.api('PUT', '/__mock/dashboard/projects/my-site/plan', { plan: 'gold' })).body.code).toBe(
      'INVALID_PLAN',
    );
    const deployed = await t.api('POST', '/__mock/dashboard/projects/my-site/deploys', {
      status: 'succeeded',
    });
    expect(deployed.body.customDomains).toEqual({ allowed: true });
  });

  it('resets to the seed, clock included', async () => {
    const t = testDashboard();
    await t.api('POST', '/__mock/dashboard/presets/every-state');
    await t.advance('1h');
    expect((await t.api('POST', '/__mock/dashboard/reset')).status).toBe(204);
    expect((await t.api('GET', domainsOf('acme-shop'))).body).toEqual([]);
    expect((await t.api('GET', '/__dashboard/api/dns/zones')).body).toEqual([]);
    expect((await t.api('GET', '/__mock/dashboard/clock')).body.offset).toBe('0s');
  });
});
