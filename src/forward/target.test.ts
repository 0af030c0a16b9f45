import { describe, expect, test } from 'vitest';
import { targetProblem } from './target.ts';
import { parseUpstreamUrl, upstreamLabel } from './upstream-url.ts';

describe('which targets may be forwarded below a base path', () => {
  test.each([
    '/v1/../admin',
    '/..',
    '/v1/.',
    '/v1/./x',
    '/v1/%2e%2e/admin',
    '/v1/%2E./admin',
    '/v1/.%2e',
    '/v1/..%2fadmin',
    '/v1/..%2Fadmin',
    '/v1/..%5cadmin',
    '/v1/..\\admin',
    '/v1/x%2f..%2f..%2fadmin',
  ])('refuses %s, which an upstream could resolve outside its base path', (target) => {
    expect(targetProblem(target)).toMatch(/"\." or "\.\." segments/);
  });

  test.each([
    '/v1/users/me',
    '/v1/files/report.v2..json',
    '/v1/...',
    '/v1/.well-known/x',
    '/v1/a%2e',
    '/v1/search?q=../..',
    '/',
  ])('forwards %s as it came', (target) => {
    expect(targetProblem(target)).toBeUndefined();
  });

  test('refuses what is not a path (an asterisk, an absolute URL left over)', () => {
    expect(targetProblem('*')).toMatch(/starting with \//);
    expect(targetProblem('http://elsewhere/v1')).toMatch(/starting with \//);
  });
});

describe('the upstream URL', () => {
  test('takes http(s) with a base path, and says what is wrong otherwise without repeating the URL', () => {
    const url = parseUpstreamUrl('https://dev.example/api/');
    expect(url instanceof URL && upstreamLabel(url)).toBe('https://dev.example/api');
    expect(parseUpstreamUrl('ftp://dev.example')).toBe('must be http or https, got ftp:');
    expect(parseUpstreamUrl('https://me:pw@dev.example')).not.toContain('pw');
    expect(parseUpstreamUrl('https://dev.example/?q=1')).toMatch(/query or a fragment/);
    expect(parseUpstreamUrl('dev.example')).toMatch(/is not a URL/);
  });
});
