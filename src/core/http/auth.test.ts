import { describe, expect, test } from 'vitest';
import { apiKeyProblem, checkCredential, constantTimeEquals } from './auth.ts';

const keys = ['key-one', 'key-two'];

describe('checkCredential', () => {
  test('accepts any configured key, whatever the case of the scheme', () => {
    expect(checkCredential('Bearer key-one', keys)).toBe('valid');
    expect(checkCredential('bearer key-two', keys)).toBe('valid');
    expect(checkCredential('  BEARER   key-one  ', keys)).toBe('valid');
  });

  test('reads the key past any whitespace around it, tabs and Unicode spaces included', () => {
    expect(checkCredential('Bearer \tkey-one', keys)).toBe('valid');
    expect(checkCredential('Bearer key-one\u00a0', keys)).toBe('valid');
    expect(checkCredential('Bearer\u2003key-two', keys)).toBe('valid');
    expect(checkCredential('Bearer key-one\n', keys)).toBe('valid');
  });

  test('counts no header, or another scheme, as a missing bearer credential', () => {
    expect(checkCredential(undefined, keys)).toBe('missing');
    expect(checkCredential('', keys)).toBe('missing');
    expect(checkCredential('Basic a2V5LW9uZTo=', keys)).toBe('missing');
    expect(checkCredential('Bearerkey-one', keys)).toBe('missing');
  });

  test('counts a wrong or malformed bearer token as invalid', () => {
    expect(checkCredential('Bearer key-three', keys)).toBe('invalid');
    expect(checkCredential('Bearer', keys)).toBe('invalid');
    expect(checkCredential('Bearer key one', keys)).toBe('invalid');
    expect(checkCredential('Bearer key-one=x', keys)).toBe('invalid');
    expect(checkCredential(`Bearer ${'k'.repeat(20_000)}`, keys)).toBe('invalid');
  });
});

describe('constantTimeEquals', () => {
  test('tells equal strings from prefixes, extensions and neighbours', () => {
    expect(constantTimeEquals('abc', 'abc')).toBe(true);
    expect(constantTimeEquals('abc', 'ab')).toBe(false);
    expect(constantTimeEquals('ab', 'abc')).toBe(false);
    expect(constantTimeEquals('abc', 'abd')).toBe(false);
    expect(constantTimeEquals('', '')).toBe(true);
  });

  test('compares from an index of the first string on, as if it were cut there', () => {
    expect(constantTimeEquals('Bearer abc', 'abc', 7)).toBe(true);
    expect(constantTimeEquals('Bearer abcd', 'abc', 7)).toBe(false);
    expect(constantTimeEquals('Bearer ab', 'abc', 7)).toBe(false);
    expect(constantTimeEquals('Bearer ', '', 7)).toBe(true);
  });
});

describe('apiKeyProblem', () => {
  test('accepts a key a client can send after "Bearer ", and names the setting of one it cannot', () => {
    expect(apiKeyProblem('petstore-dev-key', 'apiKeys')).toBeUndefined();
    expect(apiKeyProblem('abc+/~._-==', 'apiKeys')).toBeUndefined();
    expect(apiKeyProblem('key with space', 'apiKeys')).toBe(
      'apiKeys must be an RFC 6750 token (letters, digits, - . _ ~ + /, then = padding); character 4 of 14 is a space.',
    );
  });

  test('names what is wrong with a key, never the key', () => {
    const cases: [string, string][] = [
      ['sk_live_4eC39HqLyjWDarjtT1zdp7dc\n', 'character 33 of 33 is a line feed (U+000A)'],
      ['sk_live_abc=def', 'character 12 of 15 is "=" before the end (padding comes last)'],
      ['sk_live_ключ', 'character 9 of 12 is a non-ASCII letter (U+043A)'],
      ['"sk_live_abc"', 'character 1 of 13 is "\\""'],
      ['', 'it is empty'],
    ];
    for (const [key, why] of cases) {
      const problem = apiKeyProblem(key, 'PETSTORE_API_KEY') as string;
      expect(problem).toContain(why);
      expect(problem).not.toContain('sk_live');
    }
  });
});
