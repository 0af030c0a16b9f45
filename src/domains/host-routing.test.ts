import { describe, expect, it } from 'vitest';
import { domainsOf, testDashboard } from './test-support/harness.ts';

/** every-state puts a domain in each state; serving by host reads them. */
async function everyState() {
  const t = testDashboard();
  await t.api('POST', '/__mock/dashboard/presets/every-state');
  const get = (host: string, path = '/v1/store/orders', query = '') =>
    t.call('GET', query ? `${path}?${query}` : path, undefined, { host });
  return { ...t, get };
}

describe('serving by host', () => {
  it('passes an active domain on to the Store API', async () => {
    const { get } = await everyState();
    expect(await get('www.example.com')).toBeUndefined();
    expect(await get('WWW.Example.com.:4010')).toBeUndefined();
  });

  it('answers a redirect domain with 301 to the primary, same path, query and port', async () => {
    const { get } = await everyState();
    const answer = await get('example.com:4010', '/v1/store/orders', 'a=1&b=2');
    expect(answer?.status).toBe(301);
    expect(answer?.headers.location).toBe('http://www.example.com:4010/v1/store/orders?a=1&b=2');
  });

  it('keeps https in the Location when a proxy says so', async () => {
    const t = await everyState();
    const answer = await t.call('GET', '/v1/pets/1', undefined, {
      host: 'example.com',
      'x-forwarded-proto': 'https',
    });
    expect(answer?.headers.location).toBe('https://www.example.com/v1/pets/1');
  });

  it('does not serve pending, verifying or misconfigured domains, each with its own code', async () => {
    const { get } = await everyState();
    const cases = [
      ['pending.example.com', 'DOMAIN_NOT_VERIFIED'],
      ['verifying.example.com', 'DOMAIN_NOT_VERIFIED'],
      ['blog.example.com', 'DOMAIN_MISCONFIGURED'],
      ['docs.example.com', 'DOMAIN_MISCONFIGURED'],
      ['example.net', 'DOMAIN_MISCONFIGURED'],
    ] as const;
    for (const [host, code] of cases) {
      await expect(get(host), host).rejects.toMatchObject({ status: 404, code });
    }
  });

  it('routes a custom domain right after requests on the mock’s own host, and that host again after it', async () => {
    const { get } = await everyState();
    expect(await get('localhost:4010')).toBeUndefined();
    expect(await get('localhost:4010')).toBeUndefined();
    await expect(get('pending.example.com')).rejects.toMatchObject({ code: 'DOMAIN_NOT_VERIFIED' });
    expect((await get('example.com:4010'))?.status).toBe(301);
    expect(await get('localhost:4010')).toBeUndefined();
  });

  it('serves a domain whose certificate failed (it is verified) and one whose certificate is pending', async () => {
    const { get } = await everyState();
    expect(await get('shop.example.org')).toBeUndefined();
    expect(await get('app.example.com')).toBeUndefined();
  });

  it('always passes the mock’s own names, IP literals, the platform subdomains and never-attached hosts', async () => {
    const t = testDashboard({ ownHosts: ['mock.internal:4010'] });
    await t.api('POST', '/__mock/dashboard/presets/every-state');
    for (const host of [
      'localhost:4010',
      '127.0.0.1:4010',
      '[::1]:4010',
      'mock.internal',
      'acme-shop.mockpages.example',
      'api.localhost',
      'unknown.example.com',
    ]) {
      expect(await t.call('GET', '/v1/store/orders', undefined, { host }), host).toBeUndefined();
    }
  });

  it('never routes the mock’s own paths by host', async () => {
    const t = await everyState();
    expect(await t.call('GET', '/__mock/orders', undefined, { host: 'pending.example.com' })).toBeUndefined();
    const dashboard = await t.call('GET', '/__dashboard/api/projects', undefined, {
      host: 'pending.example.com',
    });
    expect(dashboard?.status).toBe(200);
  });

  it('serves a removed domain again once it is added back and verified', async () => {
    const t = await everyState();
    await t.api('DELETE', `${domainsOf('acme-shop')}/www.example.com`);
    await expect(t.get('www.example.com')).rejects.toMatchObject({ code: 'DOMAIN_REMOVED' });
    await t.api('POST', domainsOf('acme-shop'), { name: 'www.example.com' });
    await expect(t.get('www.example.com')).rejects.toMatchObject({ code: 'DOMAIN_NOT_VERIFIED' });
    await t.api('POST', `${domainsOf('acme-shop')}/www.example.com/verify`);
    await t.advance('5s');
    expect(await t.get('www.example.com')).toBeUndefined();
  });

  it('forgets removed domains on reset', async () => {
    const t = await everyState();
    await t.api('DELETE', `${domainsOf('acme-shop')}/www.example.com`);
    await t.extension.reset?.();
    expect(await t.get('www.example.com')).toBeUndefined();
  });
});
