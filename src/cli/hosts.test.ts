import { describe, expect, test } from 'vitest';
import type { RunningServer } from '../node/server.ts';
import { runToEnd, start } from '../test-support/cli-run.ts';
import { rawRequest } from '../test-support/raw-http.ts';
import { listening } from './banner.ts';
import { parseCli } from './options.ts';

const serve = (argv: string[]) => {
  const command = parseCli(argv);
  if (command.kind !== 'serve') throw new Error('expected serve');
  return command.options;
};
const withHost = (port: number, host: string) =>
  rawRequest(port, `GET /__mock/orders HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);

describe('petstore-mock --allowed-host and --admin-cors-origin', () => {
  test('repeat, and are validated at start with one line', async () => {
    expect(
      serve([
        '--allowed-host',
        'mock.internal',
        '--allowed-host',
        'devbox',
        '--admin-cors-origin',
        'http://localhost:5173',
      ]),
    ).toMatchObject({
      allowedHosts: ['mock.internal', 'devbox'],
      adminCorsOrigins: ['http://localhost:5173'],
    });
    for (const [option, value] of [
      ['--allowed-host', 'a b'],
      ['--allowed-host', 'evil.com@good'],
      ['--admin-cors-origin', '*'],
      ['--admin-cors-origin', 'http://localhost:5173/'],
    ] as const) {
      const { code, stderr } = await runToEnd([option, value]);
      expect(code, value).toBe(2);
      expect(stderr, value).toMatch(new RegExp(`^petstore-mock: ${option} must be .*\\n$`));
    }
  });

  test('serve the allowed names and refuse the rest', async () => {
    const mock = await start('--allowed-host', 'mock.internal', '--quiet');
    const port = Number(new URL(mock.url).port);
    expect((await withHost(port, 'mock.internal')).status).toBe(200);
    expect((await withHost(port, 'rebind.example')).status).toBe(421);
    const open = await start('--allowed-host', 'all', '--quiet');
    expect((await withHost(Number(new URL(open.url).port), 'rebind.example')).status).toBe(200);
  });

  test('the banner names --allowed-host when bound to every address', () => {
    const running = { baseUrl: 'http://0.0.0.0:4010/v1', url: 'http://0.0.0.0:4010', api: { apiKeys: [] } };
    const banner = (host: string) =>
      listening(running as unknown as RunningServer, serve(['--host', host])).lines.join('\n');
    expect(banner('0.0.0.0')).toContain('--allowed-host NAME');
    expect(banner('127.0.0.1')).not.toContain('--allowed-host');
  });
});
