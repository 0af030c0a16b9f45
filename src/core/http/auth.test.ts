import { describe, expect, test } from 'vitest';
import { checkCredential, constantTimeEquals } from './auth.ts';

const keys = ['key-one', 'key-two'];

describe('checkCredential', () => {
  test('accepts any configured key, whatever the case of the scheme', () => {
    expect(checkCredential('Bearer key-one', keys)).toBe('valid');
    expect(checkCredential('bearer key-two', keys)).toBe('valid');
    expect(checkCredential('  BEARER   key-one  ', keys)).toBe('valid');
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
});
