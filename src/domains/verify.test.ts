import { describe, expect, it } from 'vitest';
import { type Address, DnsLookupError, type DnsResolver } from './resolver.ts';
import { checkDns } from './verify.ts';

const target = 'acme-shop.mockpages.example';
const platform: Address[] = [{ type: 'A', value: '203.0.113.10' }];

/** A resolver answering from a table, as real DNS could (it may hold what the simulated editor refuses). */
function resolver(table: {
  cname?: Record<string, string[]>;
  addresses?: Record<string, Address[]>;
  fail?: string;
}): DnsResolver {
  const lookup = async <T>(map: Record<string, T[]> | undefined, name: string): Promise<T[]> => {
    if (table.fail) throw new DnsLookupError(table.fail, name);
    return map?.[name] ?? [];
  };
  return {
    cname: (name) => lookup(table.cname, name),
    addresses: (name) => (name === target ? Promise.resolve(platform) : lookup(table.addresses, name)),
    caa: async () => [],
  };
}

describe('the DNS check', () => {
  it('flags a CNAME at an apex, which real DNS can serve although providers refuse it', async () => {
    const reasons = await checkDns(
      { name: 'example.com', apex: true, target },
      resolver({ cname: { 'example.com': [target] } }),
      0,
    );
    expect(reasons[0]).toMatchObject({
      code: 'APEX_CNAME_NOT_ALLOWED',
      found: `CNAME ${target}`,
      expected: `ALIAS ${target}`,
    });
  });

  it('names an AAAA record that blocks the CNAME', async () => {
    const addresses = { 'www.example.com': [{ type: 'AAAA' as const, value: '2001:db8::7' }] };
    const reasons = await checkDns(
      { name: 'www.example.com', apex: false, target },
      resolver({ addresses }),
      0,
    );
    expect(reasons[0]).toMatchObject({ code: 'CONFLICTING_AAAA_RECORD', found: 'AAAA 2001:db8::7' });
  });

  it('flags an apex with one address of the platform and one elsewhere', async () => {
    const addresses = { 'example.com': [...platform, { type: 'A' as const, value: '198.51.100.20' }] };
    const reasons = await checkDns({ name: 'example.com', apex: true, target }, resolver({ addresses }), 0);
    expect(reasons[0]).toMatchObject({ code: 'APEX_NOT_ALIASED', found: '203.0.113.10, 198.51.100.20' });
  });

  it('turns a failed lookup into DNS_LOOKUP_FAILED, not into "no record"', async () => {
    const reasons = await checkDns(
      { name: 'www.example.com', apex: false, target },
      resolver({ fail: 'TIMEOUT' }),
      0,
    );
    expect(reasons[0]).toMatchObject({ code: 'DNS_LOOKUP_FAILED', found: 'TIMEOUT' });
  });
});
