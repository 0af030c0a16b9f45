import { createServer, type DnsHandler, Packet } from 'dns2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkCaa, parseCaa } from '../domains/caa.ts';
import { createDashboard } from '../domains/dashboard.ts';
import { isWithin } from '../domains/names.ts';
import { defaultPlatform } from '../domains/platform.ts';
import { DnsLookupError, type DnsResolver } from '../domains/resolver.ts';
import { createSimulatedResolver } from '../domains/simulated-dns.ts';
import type { Zone } from '../domains/types.ts';
import { checkDns } from '../domains/verify.ts';
import { createNodeDnsResolver, parseDnsServer } from './dns-resolver.ts';

const target = 'acme-shop.mockpages.example';

/**
 * One set of zones, edited through the simulated provider, read two ways: by the simulated resolver, and by
 * Node's real resolver asking a dns2 server on 127.0.0.1 that serves the same records as an authoritative
 * server would (CNAME chains in the answer, ALIAS flattened, NXDOMAIN vs NODATA, SERVFAIL when told).
 */
const provider = createDashboard({ clock: 'manual', dnsPropagationMs: 0 });
let zones: Zone[] = [];
const server = createServer({ udp: true, handle: answerFrom(() => zones) });
let real: DnsResolver;
const simulated = createSimulatedResolver(provider.store, provider.clock, provider.platform);

beforeAll(async () => {
  const add = async (zone: string, type: string, name: string, value: string) =>
    provider.zones.addRecord(zone, { type, name, value });
  for (const name of [
    'example.com',
    'example.net',
    'example.org',
    'forbid.test',
    'nobody.test',
    'critical.test',
    'self.test',
  ]) {
    await provider.zones.createZone({ name });
  }
  await provider.zones.createZone({ name: 'broken.test', caaServfail: true });
  await add('example.com', 'CNAME', 'www', target);
  await add('example.com', 'CNAME', 'docs', 'Old-Host.example.net.');
  await add('example.com', 'A', 'blog', '198.51.100.7');
  await add('example.com', 'ALIAS', '@', target);
  await add('example.net', 'A', '@', '198.51.100.20');
  await add('example.org', 'A', '@', '203.0.113.10');
  await add('example.org', 'AAAA', '@', '2001:db8::10');
  await add('example.org', 'CAA', '@', '0 issue "letsencrypt.org"');
  await add('example.org', 'CNAME', 'shop', target);
  await add('forbid.test', 'CAA', '@', '0 issue "other-ca.example"');
  await add('forbid.test', 'CNAME', 'www', target);
  await add('nobody.test', 'CAA', '@', '0 issue ";"');
  await add('critical.test', 'CAA', '@', '128 tbs "unknown"');
  await add('critical.test', 'CAA', '@', '0 issue "letsencrypt.org"');
  await add('self.test', 'CAA', '@', '0 issue "other-ca.example"');
  await add('self.test', 'A', 'www', '203.0.113.10');
  await add('self.test', 'CAA', 'www', '0 issue "letsencrypt.org; validationmethods=dns-01"');
  await add('broken.test', 'CNAME', 'www', target);
  zones = await provider.store.listZones();
  // UDP only, on loopback: dns2's TCP server would bind every interface.
  const { udp } = await server.listen({ udp: { port: 0, address: '127.0.0.1' } });
  real = createNodeDnsResolver([`127.0.0.1:${udp?.port}`], { timeoutMs: 1000, tries: 1 });
});

afterAll(async () => {
  await server.close();
});

const both = () =>
  [
    ['simulated', simulated],
    ['real DNS', real],
  ] as const;

describe('verification reads the same outcome through the simulation and through real DNS', () => {
  const cases = [
    ['a matching CNAME', 'www.example.com', false, []],
    [
      'a CNAME to another host',
      'docs.example.com',
      false,
      [{ code: 'CNAME_TARGET_MISMATCH', found: 'CNAME old-host.example.net', expected: `CNAME ${target}` }],
    ],
    [
      'an A record where the CNAME should be',
      'blog.example.com',
      false,
      [{ code: 'CONFLICTING_A_RECORD', found: 'A 198.51.100.7', expected: `CNAME ${target}` }],
    ],
    ['no record at all', 'none.example.com', false, [{ code: 'DNS_NOT_FOUND', found: null }]],
    ['an apex ALIAS (flattened to the platform addresses)', 'example.com', true, []],
    ['an apex with A/AAAA records equal to the platform addresses', 'example.org', true, []],
    [
      'an apex pointing elsewhere',
      'example.net',
      true,
      [{ code: 'APEX_NOT_ALIASED', found: '198.51.100.20', expected: `ALIAS ${target}` }],
    ],
  ] as const;

  for (const [what, name, apex, expected] of cases) {
    it(`gives ${JSON.stringify(expected.map((r) => r.code))} for ${what} (${name})`, async () => {
      for (const [, resolver] of both()) {
        const reasons = await checkDns({ name, apex, target }, resolver, provider.clock.now());
        expect(reasons).toEqual(expected.map((reason) => expect.objectContaining(reason)));
      }
    });
  }
});

describe('CAA (RFC 8659) reads the same through the simulation and through real DNS', () => {
  const cases = [
    ['allows when no name up to the root has CAA', 'www.example.com', true, null],
    [
      'allows when the parent, climbed to through a CNAME without CAA, names the CA',
      'shop.example.org',
      true,
      'example.org',
    ],
    ['forbids when the parent names another CA', 'www.forbid.test', false, 'forbid.test'],
    ['forbids when issue ";" allows no one', 'nobody.test', false, 'nobody.test'],
    [
      'forbids on an unknown critical tag even beside an allowing issue',
      'critical.test',
      false,
      'critical.test',
    ],
    [
      'uses the first non-empty set: the name itself before its parent',
      'www.self.test',
      true,
      'www.self.test',
    ],
  ] as const;

  for (const [what, name, allowed, relevantAt] of cases) {
    it(`${what} (${name})`, async () => {
      for (const [, resolver] of both()) {
        const verdict = await checkCaa(name, 'letsencrypt.org', resolver);
        expect({ allowed: verdict.allowed, relevantAt: verdict.relevantAt }).toEqual({ allowed, relevantAt });
      }
    });
  }

  it('reports a CAA SERVFAIL as a failed lookup, not as "no CAA"', async () => {
    for (const [, resolver] of both()) {
      await expect(checkCaa('www.broken.test', 'letsencrypt.org', resolver)).rejects.toBeInstanceOf(
        DnsLookupError,
      );
    }
  });
});

describe('the dashboard on real DNS', () => {
  it('verifies a domain and issues its certificate, or fails it by CAA, through the DNS server', async () => {
    const dashboard = createDashboard({ clock: 'manual', resolver: real });
    await dashboard.ready;
    await dashboard.domains.add('acme-shop', 'www.example.com');
    await dashboard.domains.add('acme-shop', 'www.forbid.test');
    for (const name of ['www.example.com', 'www.forbid.test'])
      await dashboard.domains.verify('acme-shop', name);
    dashboard.clock.advance(3 * 60_000);
    const [ok, forbidden] = await dashboard.domains.list('acme-shop');
    expect([ok?.status, ok?.certificate.status]).toEqual(['active', 'issued']);
    expect([forbidden?.status, forbidden?.certificate.status]).toEqual(['active', 'failed']);
    expect(forbidden?.certificate.reasons[0]?.code).toBe('CAA_FORBIDS_ISSUANCE');
  });

  it('answers a lookup with no server listening as a failed lookup', async () => {
    const nowhere = createNodeDnsResolver(['127.0.0.1:9'], { timeoutMs: 200, tries: 1 });
    const reasons = await checkDns({ name: 'www.example.com', apex: false, target }, nowhere, 0);
    expect(reasons[0]?.code).toBe('DNS_LOOKUP_FAILED');
  });

  it('accepts ADDRESS:PORT for --dns-server and refuses a host name', () => {
    expect(parseDnsServer('127.0.0.1:5353')).toBe('127.0.0.1:5353');
    expect(parseDnsServer('[::1]:53')).toBe('[::1]:53');
    expect(() => parseDnsServer('dns.example:53')).toThrow(/ADDRESS:PORT/);
  });
});

/** A dns2 handler answering from zone records like an authoritative server (live records only). */
function answerFrom(getZones: () => readonly Zone[]): DnsHandler {
  const TYPE = Packet.TYPE as unknown as Record<string, number>;
  const typeName = (code: number) => Object.keys(TYPE).find((key) => TYPE[key] === code) ?? String(code);

  function lookup(name: string, type: string, depth = 0): { rcode: number; answers: object[] } {
    const rr = (rrType: string, data: object) => ({
      name,
      type: TYPE[rrType],
      class: Packet.CLASS.IN,
      ttl: 300,
      ...data,
    });
    if (isWithin(name, defaultPlatform.domain)) {
      const answers = defaultPlatform.addresses
        .filter((a) => a.type === type)
        .map((a) => rr(a.type, { address: a.value }));
      return { rcode: 0, answers };
    }
    const zone = [...getZones()]
      .sort((a, b) => b.name.length - a.name.length)
      .find((z) => isWithin(name, z.name));
    if (zone === undefined || depth > 8) return { rcode: 3, answers: [] };
    if (type === 'CAA' && zone.caaServfail) return { rcode: 2, answers: [] };
    const at = zone.records.filter((r) => r.host === name && r.deletedAt === null);
    const exists = at.length > 0 || name === zone.name;
    const cname = at.find((r) => r.type === 'CNAME');
    if (cname && type !== 'CNAME') {
      const rest = lookup(cname.value, type, depth + 1);
      return { rcode: rest.rcode, answers: [rr('CNAME', { domain: cname.value }), ...rest.answers] };
    }
    const alias = at.find((r) => r.type === 'ALIAS' || r.type === 'ANAME');
    if (alias && (type === 'A' || type === 'AAAA')) {
      const flat = lookup(alias.value, type, depth + 1).answers.filter(
        (a) => (a as { type: number }).type === TYPE[type],
      );
      return { rcode: 0, answers: flat.map((a) => ({ ...a, name })) };
    }
    const answers = at
      .filter((r) => r.type === type)
      .map((r) => {
        if (type === 'CNAME') return rr(type, { domain: r.value });
        if (type === 'CAA') return rr(type, parseCaa(r.value) ?? {});
        return rr(type, { address: r.value });
      });
    return { rcode: exists ? 0 : 3, answers };
  }

  return (request, send) => {
    const response = Packet.createResponseFromRequest(request);
    const [question] = request.questions;
    if (question) {
      const { rcode, answers } = lookup(question.name.toLowerCase(), typeName(question.type));
      response.header.rcode = rcode;
      response.answers.push(...(answers as typeof response.answers));
    }
    send(response);
  };
}
