import { describe, expect, it } from 'vitest';
import { evaluateCaaSet, parseCaa } from './caa.ts';

const ca = 'letsencrypt.org';
const set = (...texts: string[]) =>
  texts.map((text) => parseCaa(text) ?? { flags: 0, tag: 'bad', value: text });
const allowed = (records: ReturnType<typeof set>, wildcard = false) =>
  evaluateCaaSet(records, ca, 'example.com', wildcard).allowed;

describe('CAA evaluation (RFC 8659)', () => {
  it('parses presentation form, quoted or not, and refuses malformed text', () => {
    expect(parseCaa('0 issue "letsencrypt.org"')).toEqual({
      flags: 0,
      tag: 'issue',
      value: 'letsencrypt.org',
    });
    expect(parseCaa('128 TBS x')).toEqual({ flags: 128, tag: 'tbs', value: 'x' });
    expect(parseCaa('issue letsencrypt.org')).toBeUndefined();
    expect(parseCaa('300 issue "x"')).toBeUndefined();
  });

  it('allows when an issue value names the CA, ignoring parameters after ";" and case', () => {
    expect(allowed(set('0 issue "LetsEncrypt.org; validationmethods=http-01"'))).toBe(true);
    expect(allowed(set('0 issue "other-ca.example"', '0 issue "letsencrypt.org"'))).toBe(true);
  });

  it('forbids when no issue value names the CA, and for issue ";"', () => {
    expect(allowed(set('0 issue "other-ca.example"'))).toBe(false);
    expect(allowed(set('0 issue ";"'))).toBe(false);
  });

  it('restricts nothing when the set has no issue or issuewild property', () => {
    expect(allowed(set('0 iodef "mailto:security@example.com"'))).toBe(true);
  });

  it('forbids on an unknown tag with the critical flag, and ignores one without it', () => {
    expect(allowed(set('128 tbs "x"', '0 issue "letsencrypt.org"'))).toBe(false);
    expect(allowed(set('0 tbs "x"', '0 issue "letsencrypt.org"'))).toBe(true);
  });

  it('lets issuewild replace issue for a wildcard name, and only for one', () => {
    const records = set('0 issue "other-ca.example"', '0 issuewild "letsencrypt.org"');
    expect(allowed(records, true)).toBe(true);
    expect(allowed(records, false)).toBe(false);
    expect(allowed(set('0 issue "letsencrypt.org"'), true)).toBe(true);
  });

  it('says why it forbids, naming the issuers it found', () => {
    const verdict = evaluateCaaSet(set('0 issue "other-ca.example"'), ca, 'example.com');
    expect(verdict).toMatchObject({
      allowed: false,
      relevantAt: 'example.com',
      why: 'it allows only other-ca.example',
    });
  });
});
