import { describe, expect, test } from 'vitest';
import { allowedHosts } from './allowed-hosts.ts';

describe('the Host allow-list', () => {
  test('serves a single-label name (a service name such as mock) only when bound to every address', () => {
    const container = allowedHosts({
      ownHosts: ['0.0.0.0'],
      serviceNames: true,
      platformDomain: 'pages.test',
    });
    const loopback = allowedHosts({ ownHosts: ['127.0.0.1'], platformDomain: 'pages.test' });
    expect(container('mock')).toBe('yes');
    expect(loopback('mock')).toBe('no');
  });

  test('still refuses a dotted name it was not given when bound to every address', () => {
    const container = allowedHosts({ ownHosts: ['0.0.0.0'], serviceNames: true });
    expect(container('rebind.attacker.example')).toBe('no');
    expect(container('localhost')).toBe('yes');
  });
});
