import { describe, expect, it } from 'vitest';
import { validateConfig } from './configuration.ts';

const attached = new Set(['www.example.com', 'example.com', 'shop.example.com']);
const redirect = (from: string, to = 'www.example.com', status = 301) => ({ from, to, status });
const codeOf = (domains: unknown) => {
  try {
    validateConfig({ domains }, attached);
    return 'ok';
  } catch (error) {
    return (error as { code: string }).code;
  }
};

describe('the domains configuration', () => {
  it('accepts a primary with redirects to it, and normalises names', () => {
    const config = validateConfig(
      { domains: { primary: 'WWW.example.com.', redirects: [redirect('Example.com')] } },
      attached,
    );
    expect(config).toEqual({ primary: 'www.example.com', redirects: [redirect('example.com')] });
  });

  it('accepts no primary and no redirects', () => {
    expect(codeOf({ primary: null, redirects: [] })).toBe('ok');
  });

  it('refuses each rule with its own code', () => {
    expect(codeOf({ primary: 'other.example.com', redirects: [] })).toBe('PRIMARY_NOT_ATTACHED');
    expect(codeOf({ primary: null, redirects: [redirect('example.com')] })).toBe('PRIMARY_REQUIRED');
    expect(codeOf({ primary: 'www.example.com', redirects: [redirect('old.example.com')] })).toBe(
      'REDIRECT_FROM_NOT_ATTACHED',
    );
    expect(codeOf({ primary: 'www.example.com', redirects: [redirect('www.example.com')] })).toBe(
      'REDIRECT_FROM_PRIMARY',
    );
    expect(
      codeOf({ primary: 'www.example.com', redirects: [redirect('example.com', 'shop.example.com')] }),
    ).toBe('REDIRECT_TO_NOT_PRIMARY');
    expect(
      codeOf({ primary: 'www.example.com', redirects: [redirect('example.com', 'www.example.com', 302)] }),
    ).toBe('REDIRECT_STATUS_UNSUPPORTED');
  });

  it('refuses chains and loops: a domain redirects once, straight to the primary', () => {
    const twice = {
      primary: 'www.example.com',
      redirects: [redirect('example.com'), redirect('example.com')],
    };
    expect(codeOf(twice)).toBe('REDIRECT_CHAIN');
    const chain = {
      primary: 'www.example.com',
      redirects: [redirect('shop.example.com', 'example.com'), redirect('example.com')],
    };
    expect(codeOf(chain)).toBe('REDIRECT_TO_NOT_PRIMARY');
  });

  it('refuses malformed bodies with INVALID_REQUEST', () => {
    expect(codeOf(undefined)).toBe('INVALID_REQUEST');
    expect(codeOf({ primary: 7 })).toBe('INVALID_REQUEST');
    expect(codeOf({ primary: 'www.example.com', redirects: {} })).toBe('INVALID_REQUEST');
    expect(codeOf({ primary: 'www.example.com', redirects: [{ from: 'example.com' }] })).toBe(
      'INVALID_REQUEST',
    );
  });
});
