import { describe, expect, it } from 'vitest';
import { recordsOf, testDashboard } from './test-support/harness.ts';

async function zone(options: Record<string, unknown> = {}) {
  const t = testDashboard();
  const created = await t.api('POST', '/__dashboard/api/dns/zones', { name: 'example.com', ...options });
  const add = (type: string, name: string, value: string, ttl?: number) =>
    t.api('POST', recordsOf('example.com'), { type, name, value, ...(ttl === undefined ? {} : { ttl }) });
  const lookup = () => t.dashboard.resolver.cname('www.example.com');
  return { ...t, created, add, lookup };
}

describe('the simulated DNS provider', () => {
  it('creates a zone with the default propagation of 5 minutes and alias support', async () => {
    const { created } = await zone();
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'example.com',
      propagation: '5m',
      aliasSupport: true,
      records: [],
    });
  });

  it('refuses a CNAME beside other data at one name, and other data beside a CNAME (RFC 1034 §3.6.2)', async () => {
    const t = await zone();
    await t.add('TXT', 'www', 'hello');
    expect((await t.add('CNAME', 'www', 'acme-shop.mockpages.example')).body.code).toBe('CNAME_CONFLICT');
    await t.add('CNAME', 'shop', 'acme-shop.mockpages.example');
    const beside = await t.add('A', 'shop', '198.51.100.7');
    expect([beside.status, beside.body.code]).toEqual([409, 'CNAME_CONFLICT']);
  });

  it('refuses an address that is not an IP address, with 400 naming the value field', async () => {
    const t = await zone();
    for (const [type, value] of [
      ['AAAA', '1:2:3:4:5:6:7:8:9:a'],
      ['AAAA', '2001:db8::1::2'],
      ['AAAA', 'fe80::1%eth0'],
      ['AAAA', '198.51.100.7'],
      ['A', '198.51.100.256'],
      ['A', '0x7f.0.0.1'],
      ['A', '2001:db8::7'],
    ] as const) {
      const answer = await t.add(type, 'www', value);
      expect([type, value, answer.status, answer.body.code]).toEqual([type, value, 400, 'INVALID_RECORD']);
      expect(answer.body.message).toContain('"value"');
    }
  });

  it('accepts IPv4 and IPv6 addresses and stores an IPv6 one in its canonical form (RFC 5952)', async () => {
    const t = await zone();
    expect((await t.add('A', 'www', '198.51.100.7')).body.value).toBe('198.51.100.7');
    expect((await t.add('AAAA', 'www', '2001:DB8:0:0:0:0:0:10')).body.value).toBe('2001:db8::10');
    expect((await t.add('AAAA', 'v4', '::ffff:198.51.100.7')).status).toBe(201);
  });

  it('refuses ALIAS where the provider has no alias support, saying what to do instead', async () => {
    const t = await zone({ aliasSupport: false });
    const answer = await t.add('ALIAS', '@', 'acme-shop.mockpages.example');
    expect([answer.status, answer.body.code]).toEqual([422, 'ALIAS_NOT_SUPPORTED']);
    expect(answer.body.message).toMatch(/A\/AAAA records/);
  });

  it('validates types, values, names and TTLs', async () => {
    const t = await zone();
    expect((await t.add('MX', 'www', 'mail.example.com')).body.code).toBe('INVALID_RECORD');
    expect((await t.add('A', 'www', '300.1.1.1')).body.code).toBe('INVALID_RECORD');
    expect((await t.add('CAA', '@', 'issue letsencrypt.org')).body.code).toBe('INVALID_RECORD');
    expect((await t.add('A', 'www', '192.0.2.1', 10)).body.code).toBe('INVALID_RECORD');
    expect((await t.add('A', 'bad name', '192.0.2.1')).body.code).toBe('RECORD_OUTSIDE_ZONE');
    expect((await t.add('A', 'www.example.com', '192.0.2.1')).body.host).toBe('www.example.com');
  });

  it('shows a new record to resolvers only after propagation', async () => {
    const t = await zone();
    await t.add('CNAME', 'www', 'acme-shop.mockpages.example');
    await t.advance('4m59s');
    expect(await t.lookup()).toEqual([]);
    await t.advance('1s');
    expect(await t.lookup()).toEqual(['acme-shop.mockpages.example']);
  });

  it('keeps a deleted record visible for its TTL, as resolvers cache it', async () => {
    const t = await zone({ propagation: '0s' });
    const record = await t.add('CNAME', 'www', 'acme-shop.mockpages.example', 300);
    expect((await t.api('DELETE', `${recordsOf('example.com')}/${record.body.id}`)).status).toBe(204);
    await t.advance('4m59s');
    expect(await t.lookup()).toEqual(['acme-shop.mockpages.example']);
    await t.advance('1s');
    expect(await t.lookup()).toEqual([]);
    // Deleted, the name is free for another record at once.
    expect((await t.add('A', 'www', '192.0.2.1')).status).toBe(201);
  });

  it('refuses a second zone of the same name and answers 404 for an unknown one', async () => {
    const t = await zone();
    expect((await t.api('POST', '/__dashboard/api/dns/zones', { name: 'Example.com.' })).body.code).toBe(
      'ZONE_EXISTS',
    );
    expect((await t.api('GET', '/__dashboard/api/dns/zones/example.org')).body.code).toBe('ZONE_NOT_FOUND');
    const platform = await t.api('POST', '/__dashboard/api/dns/zones', { name: 'mockpages.example' });
    expect([platform.status, platform.body.code]).toEqual([400, 'PLATFORM_DOMAIN']);
  });
});
