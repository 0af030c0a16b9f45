import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toUnicode } from './idn.ts';
import { domainsOf, recordsOf, testDashboard } from './test-support/harness.ts';

const target = 'acme-shop.mockpages.example';

describe('internationalised domain names', () => {
  it('accepts bücher.example and keeps both forms: punycode for DNS, Unicode for people', async () => {
    const t = testDashboard({ dnsPropagationMs: 0 });
    const added = await t.api('POST', domainsOf('acme-shop'), { name: 'BÜCHER.example.' });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      name: 'xn--bcher-kva.example',
      unicodeName: 'bücher.example',
      apex: true,
    });
    expect(added.headers.location).toBe(`${domainsOf('acme-shop')}/xn--bcher-kva.example`);
    expect(added.body.records[0]).toMatchObject({ type: 'ALIAS', name: '@', host: 'xn--bcher-kva.example' });
    // Either form finds it; the same name in the other form is the same domain.
    const byUnicode = await t.api('GET', `${domainsOf('acme-shop')}/${encodeURIComponent('bücher.example')}`);
    expect(byUnicode.body.name).toBe('xn--bcher-kva.example');
    const again = await t.api('POST', domainsOf('acme-shop'), { name: 'xn--bcher-kva.example' });
    expect([again.status, again.body.code]).toEqual([409, 'DOMAIN_ALREADY_ADDED']);
  });

  it('shows the Unicode form of a name added in its xn-- form', async () => {
    const t = testDashboard();
    const added = await t.api('POST', domainsOf('acme-shop'), { name: 'www.xn--bcher-kva.example' });
    expect(added.body).toMatchObject({
      name: 'www.xn--bcher-kva.example',
      unicodeName: 'www.bücher.example',
    });
    const ascii = await t.api('POST', domainsOf('acme-shop'), { name: 'shop.example.com' });
    expect(ascii.body.unicodeName).toBe('shop.example.com');
  });

  it('verifies and serves an IDN through its punycode records and Host header', async () => {
    const t = testDashboard({ dnsPropagationMs: 0 });
    await t.api('POST', '/__dashboard/api/dns/zones', { name: 'bücher.example' });
    const record = await t.api('POST', recordsOf('xn--bcher-kva.example'), {
      type: 'CNAME',
      name: 'www',
      value: target,
    });
    expect(record.body.host).toBe('www.xn--bcher-kva.example');
    const path = `${domainsOf('acme-shop')}/www.xn--bcher-kva.example`;
    await t.api('POST', domainsOf('acme-shop'), { name: 'www.bücher.example' });
    await t.api('POST', `${path}/verify`);
    await t.advance('5s');
    expect((await t.api('GET', path)).body.status).toBe('active');
    const served = await t.call('GET', '/v1/store/orders', undefined, { host: 'www.xn--bcher-kva.example' });
    expect(served).toBeUndefined();
  });

  it('refuses a name whose xn-- label is not valid punycode, or that IDNA forbids', async () => {
    const t = testDashboard();
    for (const name of ['xn--a.example', 'bü cher.example', 'xn--.example']) {
      const answer = await t.api('POST', domainsOf('acme-shop'), { name });
      expect([name, answer.status, answer.body.code]).toEqual([name, 400, 'INVALID_DOMAIN']);
    }
  });

  it('decodes punycode to what the WHATWG URL parser encodes (round trip)', () => {
    const ascii = (name: string) => new URL(`http://${name}/`).hostname;
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 }), (label) => {
        let encoded: string;
        try {
          encoded = ascii(`${label}.example`);
        } catch {
          return; // not a host name at all
        }
        expect(ascii(toUnicode(encoded))).toBe(encoded);
      }),
      { numRuns: 300, seed: 17 },
    );
    expect(toUnicode('xn--r8jz45g.xn--zckzah')).toBe('例え.テスト');
  });
});
