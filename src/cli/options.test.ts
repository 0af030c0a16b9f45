import { describe, expect, test } from 'vitest';
import { runToEnd } from '../test-support/cli-run.ts';
import { parseCli } from './options.ts';

const serve = (argv: string[], env = {}) => {
  const command = parseCli(argv, env);
  if (command.kind !== 'serve') throw new Error('expected serve');
  return command.options;
};

/** Runs a bad command line and returns the one line it printed (it must exit with 2 and print one line). */
async function refusal(argv: string[], env = {}): Promise<string> {
  const { code, stdout, stderr } = await runToEnd(argv, env);
  expect(code, argv.join(' ')).toBe(2);
  expect(stdout).toBe('');
  expect(stderr.split('\n'), argv.join(' ')).toEqual([expect.stringMatching(/^petstore-mock: /), '']);
  return stderr.trim();
}

describe('petstore-mock options', () => {
  test('take PORT, HOST and PETSTORE_API_KEY from the environment; an option wins over them', () => {
    const env = { PORT: '5000', HOST: '0.0.0.0', PETSTORE_API_KEY: 'env-key' };
    expect(serve([], env)).toMatchObject({ port: 5000, host: '0.0.0.0', apiKeys: ['env-key'] });
    expect(serve(['--port', '6000', '--host', '::1', '--api-key', 'flag-key'], env)).toMatchObject({
      port: 6000,
      host: '::1',
      apiKeys: ['flag-key'],
    });
    expect(serve([], { PORT: '', HOST: '' })).toMatchObject({ port: 4010, host: '127.0.0.1', apiKeys: [] });
  });

  test('an unknown option is one line that names it and --help', async () => {
    expect(await refusal(['--nope'])).toBe(
      'petstore-mock: Unknown option "--nope"; see petstore-mock --help.',
    );
    expect(await refusal(['--port'])).toMatch(/--port.*petstore-mock --help/);
  });

  test('a negative number gets the range, not a cut-off "ambiguous" message', async () => {
    expect(await refusal(['--port', '-1'])).toBe(
      'petstore-mock: --port must be a whole number from 0 to 65535, not "-1".',
    );
    expect(await refusal(['--orders', '-1'])).toMatch(
      /--orders must be a whole number from 0 .*, not "-1"\.$/,
    );
    expect(await refusal(['--seed', '-5'])).toMatch(/--seed must be a whole number from 0 .*, not "-5"\.$/);
    expect(await refusal([], { PORT: 'http' })).toMatch(/PORT must be a whole number from 0 to 65535/);
  });

  test('refuses at start more orders than one process serves, naming the limit', async () => {
    expect(await refusal(['--orders', '10000000'])).toBe(
      'petstore-mock: --orders 10000000 is more than one mock serves: at most 1000000 orders.',
    );
  });

  test('refuses API keys no request could send (RFC 6750 b64token)', async () => {
    for (const key of ['', 'a b', 'ключ', '"quoted"', 'a,b', 'a=b', 'x\n']) {
      expect(await refusal(['--api-key', key]), JSON.stringify(key)).toMatch(
        /^petstore-mock: --api-key must be an RFC 6750 token/,
      );
    }
    expect(await refusal([], { PETSTORE_API_KEY: 'a b' })).toMatch(
      /PETSTORE_API_KEY must be an RFC 6750 token/,
    );
    // A key pasted with its newline: the line names the problem, never the key.
    expect(await refusal([], { PETSTORE_API_KEY: 'sk_live_4eC39HqLyjWDarjtT1zdp7dc\n' })).toBe(
      'petstore-mock: PETSTORE_API_KEY must be an RFC 6750 token (letters, digits, - . _ ~ + /, then = padding); character 33 of 33 is a line feed (U+000A).',
    );
    expect(serve(['--api-key', 'abc-DEF_1.2~3+4/5=='])).toMatchObject({ apiKeys: ['abc-DEF_1.2~3+4/5=='] });
  });

  test('refuses a CORS origin that would break the header: a newline, empty, a list, a path', async () => {
    for (const origin of [
      'https://a.example\n',
      '',
      'https://a.example, https://b.example',
      'a b',
      'https://a.example/',
    ]) {
      expect(await refusal(['--cors-origin', origin]), JSON.stringify(origin)).toMatch(
        /^petstore-mock: --cors-origin must be \* or one origin/,
      );
    }
    expect(serve(['--cors-origin', 'http://localhost:5173']).corsOrigin).toEqual(['http://localhost:5173']);
    expect(serve([]).corsOrigin).toEqual(['*']);
  });

  test('--cors-origin repeats to allow several origins; --no-cors turns CORS off', () => {
    const twice = serve(['--cors-origin', 'http://localhost:5173', '--cors-origin', 'https://app.example']);
    expect(twice.corsOrigin).toEqual(['http://localhost:5173', 'https://app.example']);
    expect(twice.cors).toBe(true);
    expect(serve(['--no-cors']).cors).toBe(false);
  });

  test('--latency takes a delay or a uniform range, at most 60s', async () => {
    expect(serve(['--latency', '300ms']).latency).toBe('300ms');
    expect(serve(['--latency', '100ms-800ms']).latency).toBe('100ms-800ms');
    expect(serve([]).latency).toBeUndefined();
    for (const bad of ['fast', '800ms-100ms', '2m', '1s-2s-3s']) {
      expect(await refusal(['--latency', bad]), bad).toMatch(
        /^petstore-mock: --latency must be a delay such as 300ms/,
      );
    }
  });

  test('echoes at most 64 characters of any input, on one line', async () => {
    const huge = `${'x'.repeat(1_000_000)}\n`;
    // A key is never echoed at all (the key tests above).
    for (const argv of [
      ['--log-format', huge],
      ['--cors-origin', huge],
      ['--dns-server', huge],
      ['--port', huge],
      [`--${huge}`],
      [huge],
    ]) {
      const line = await refusal(argv);
      expect(line.length, argv[0]?.slice(0, 20)).toBeLessThan(250);
      expect(line).toContain('…');
      expect(line).not.toContain('x'.repeat(65));
    }
  });

  test('--watch needs --fixtures', async () => {
    expect(await refusal(['--watch'])).toBe('petstore-mock: --watch needs --fixtures FILE.');
  });

  test('--passthrough (or PETSTORE_PASSTHROUGH) names the upstream; --passthrough-timeout bounds it', async () => {
    expect(serve([])).toMatchObject({ passthroughTimeoutMs: 30_000 });
    expect(serve([]).passthrough).toBeUndefined();
    expect(
      serve(['--passthrough', 'http://localhost:8080/api', '--passthrough-timeout', '5s']),
    ).toMatchObject({
      passthrough: 'http://localhost:8080/api',
      passthroughTimeoutMs: 5000,
    });
    const env = { PETSTORE_PASSTHROUGH: 'https://dev.example' };
    expect(serve([], env).passthrough).toBe('https://dev.example');
    expect(serve(['--passthrough', 'http://127.0.0.1:9'], env).passthrough).toBe('http://127.0.0.1:9');
    expect(await refusal(['--passthrough', 'ftp://dev.example'])).toBe(
      'petstore-mock: --passthrough must be http or https, got ftp:.',
    );
    expect(await refusal(['--passthrough', 'dev.example/api'])).toMatch(/--passthrough is not a URL/);
    // A URL with credentials is refused without printing them.
    const withSecret = await refusal(['--passthrough', 'https://me:s3cr3t-pw@dev.example']);
    expect(withSecret).toMatch(/must not carry credentials/);
    expect(withSecret).not.toContain('s3cr3t-pw');
    expect(await refusal(['--passthrough', 'https://dev.example/api?x=1'])).toMatch(/query or a fragment/);
    for (const bad of ['soon', '0s', '2h']) {
      expect(await refusal(['--passthrough-timeout', bad]), bad).toMatch(
        /--passthrough-timeout must be a duration/,
      );
    }
  });
});
