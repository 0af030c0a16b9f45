import { describe, expect, it } from 'vitest';
import {
  isJsonMediaType,
  parseChallenges,
  parseDeprecationDate,
  parseImfFixdate,
  parseLinks,
} from './syntax.ts';

describe('http syntax', () => {
  it('parses a Bearer challenge with quoted params', () => {
    expect(parseChallenges('Bearer realm="petstore", error="invalid_token"')).toEqual([
      {
        scheme: 'Bearer',
        params: [
          ['realm', 'petstore'],
          ['error', 'invalid_token'],
        ],
      },
    ]);
  });

  it('separates several challenges and keeps commas inside quotes', () => {
    const challenges = parseChallenges('Basic realm="a, b", Bearer, Bearer realm=x');
    expect(challenges.map((c) => c.scheme)).toEqual(['Basic', 'Bearer', 'Bearer']);
    expect(challenges[0]?.params).toEqual([['realm', 'a, b']]);
  });

  it('reads a bare word as a scheme without params', () => {
    expect(parseChallenges('string')).toEqual([{ scheme: 'string', params: [] }]);
  });

  it('parses Link relations, quoted or not, with several values', () => {
    const links = parseLinks(
      '<https://a.example/d>; rel="deprecation"; type="text/html", <https://a.example/s>;rel=sunset',
    );
    expect(links.map((l) => l.rel)).toEqual([['deprecation'], ['sunset']]);
    expect(links[0]?.params.type).toBe('text/html');
  });

  it('accepts an IMF-fixdate and rejects other date forms', () => {
    expect(parseImfFixdate('Sun, 06 Nov 1994 08:49:37 GMT')).toBe(Date.UTC(1994, 10, 6, 8, 49, 37));
    expect(parseImfFixdate('Sunday, 06-Nov-94 08:49:37 GMT')).toBeUndefined();
    expect(parseImfFixdate('Sun, 06 Nov 1994 08:49:37 gmt')).toBeUndefined();
    expect(parseImfFixdate('Mon, 06 Nov 1994 08:49:37 GMT')).toBeUndefined();
    expect(parseImfFixdate('2027-07-01T00:00:00Z')).toBeUndefined();
  });

  it('accepts only the RFC 9745 date form of Deprecation', () => {
    expect(parseDeprecationDate('@1688169599')).toBe(1688169599000);
    expect(parseDeprecationDate('true')).toBeUndefined();
    expect(parseDeprecationDate('Sun, 06 Nov 1994 08:49:37 GMT')).toBeUndefined();
  });

  it('reads Deprecation as an RFC 9651 Date Item: parameters allowed, decimals and junk refused', () => {
    expect(parseDeprecationDate('@1688169599;x=1')).toBe(1688169599000);
    expect(parseDeprecationDate(' @-1;a;b="c" ')).toBe(-1000);
    for (const bad of ['@1.5', '@1.0', '@ 1', '@1;', '@1 x', '@1234567890123456', '@', '1688169599'])
      expect(parseDeprecationDate(bad), bad).toBeUndefined();
  });

  it('recognises JSON media types with parameters and suffixes', () => {
    expect(isJsonMediaType('application/json; charset=utf-8')).toBe(true);
    expect(isJsonMediaType('application/problem+json')).toBe(true);
    expect(isJsonMediaType('text/plain')).toBe(false);
  });
});
