import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../test-support/cli.ts';
import { serverPool } from '../test-support/pool.ts';
import { TARGET_KEY } from '../test-support/target.ts';

const { target } = serverPool();
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'conformance-credential-args-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('the key from a file', () => {
  it('reads --api-key-file and PETSTORE_API_KEY_FILE (a Docker secret, trailing newline and all)', async () => {
    const baseUrl = await target();
    const file = join(dir, 'key');
    await writeFile(file, `${TARGET_KEY}\n`);
    for (const [args, env] of [
      [['--api-key-file', file], {}],
      [[], { PETSTORE_API_KEY_FILE: file }],
    ] as const) {
      const { code, stdout } = await runCli(['--base-url', baseUrl, '--only', 'orders.list', ...args], env);
      expect(code, stdout).toBe(0);
      expect(stdout).toContain('API key: from the key file');
      expect(stdout).toContain('PASS must   orders.list');
    }
  });
});

describe('credential options that cannot work', () => {
  const base = ['--base-url', 'http://127.0.0.1:9/v1'];
  it.each([
    [
      ['--api-key', 'some-key-1', '--token-command', 'echo t'],
      {},
      /give one credential: --api-key, --api-key-file/,
    ],
    [
      [],
      { PETSTORE_API_KEY: 'some-key-1', PETSTORE_API_KEY_FILE: '/x' },
      /PETSTORE_API_KEY and PETSTORE_API_KEY_FILE are both set/,
    ],
    [
      ['--api-key-file', '/nonexistent/key'],
      {},
      /the API key file \/nonexistent\/key cannot be read \(ENOENT\)/,
    ],
    [['--oauth-client-id', 'ci'], {}, /--oauth-client-id needs --oauth-token-url/],
    [['--oauth-token-url', 'https://auth.example/token'], {}, /needs --oauth-client-id/],
    [
      ['--oauth-token-url', 'https://auth.example/token', '--oauth-client-id', 'ci'],
      {},
      /needs the client secret: --oauth-client-secret-env NAME or --oauth-client-secret-file PATH/,
    ],
    [
      [
        '--oauth-token-url',
        'https://auth.example/token',
        '--oauth-client-id',
        'ci',
        '--oauth-client-secret-env',
        'NOPE',
      ],
      {},
      /--oauth-client-secret-env names "NOPE", which is not set/,
    ],
    [
      [
        '--oauth-token-url',
        'https://ci:hunter2-secret@auth.example/token',
        '--oauth-client-id',
        'ci',
        '--oauth-client-secret-env',
        'S',
      ],
      { S: 'x' },
      /carries credentials/,
    ],
    [
      [
        '--oauth-token-url',
        'https://auth.example/token',
        '--oauth-client-id',
        'ci',
        '--oauth-client-secret-env',
        'S',
        '--oauth-client-auth',
        'jwt',
      ],
      { S: 'x' },
      /--oauth-client-auth must be basic or post/,
    ],
  ])('refuses %j with exit 2, naming the problem and no secret', async (args, env, message) => {
    const { code, stderr, all } = await runCli([...base, ...args], env);
    expect(code).toBe(2);
    expect(stderr).toMatch(message);
    expect(all).not.toContain('hunter2');
  });

  it('takes the client secret from a file, never from the command line', async () => {
    const { code, stderr } = await runCli([
      ...base,
      '--oauth-token-url',
      'http://127.0.0.1:9/token',
      '--oauth-client-id',
      'ci',
      '--oauth-client-secret',
      'inline',
    ]);
    expect(code).toBe(2);
    expect(stderr).toMatch(/Unknown option '--oauth-client-secret'/);
    expect(stderr).not.toContain('inline');
  });
});
