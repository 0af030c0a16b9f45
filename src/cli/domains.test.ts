import { describe, expect, it } from 'vitest';
import { parseCli } from './options.ts';

const serve = (...argv: string[]) => {
  const command = parseCli(argv);
  if (command.kind !== 'serve') throw new Error('expected serve');
  return command.options;
};

describe('the dashboard options of petstore-mock', () => {
  it('defaults to the system clock, the simulated DNS and 5 minutes of propagation', () => {
    const options = serve();
    expect([options.clock, options.dnsServer, options.dnsPropagationMs]).toEqual([
      'system',
      undefined,
      300_000,
    ]);
  });

  it('takes --clock manual, --dns-server ADDRESS:PORT and --dns-propagation up to 48h', () => {
    const options = serve('--clock', 'manual', '--dns-server', '127.0.0.1:5353', '--dns-propagation', '48h');
    expect([options.clock, options.dnsServer, options.dnsPropagationMs]).toEqual([
      'manual',
      '127.0.0.1:5353',
      48 * 3_600_000,
    ]);
  });

  it('refuses a bad clock, a host name as DNS server, and a propagation over 48h, each in one line', () => {
    expect(() => serve('--clock', 'fast')).toThrow(/--clock must be system or manual/);
    expect(() => serve('--dns-server', 'dns.example:53')).toThrow(/--dns-server must be ADDRESS:PORT/);
    expect(() => serve('--dns-propagation', '3d')).toThrow(/--dns-propagation must be a duration up to 48h/);
    expect(() => serve('--dns-propagation', 'soon')).toThrow(/--dns-propagation/);
  });
});
