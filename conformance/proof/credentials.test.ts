import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createClock } from '../../src/core/controls/clock.ts';
import { type RunningServer, startServer } from '../../src/node/index.ts';
import { main } from '../cli/main.ts';
import { closedPort, type Listening, listen } from '../test-support/listen.ts';

// Credentials that expire, against the project's own mock: tokens from its OAuth endpoint or from a command,
// expired mid-run by moving the mock's clock; every failure of the source is one line and exit 2.

const SECRET = 's3cret-7Hq2';
const BASIC = Buffer.from(`ci:${SECRET}`).toString('base64');
let mock: RunningServer;
let dir: string;

beforeAll(async () => {
  mock = await startServer({
    port: 0,
    host: '127.0.0.1',
    oauthClients: [{ clientId: 'ci', clientSecret: SECRET }],
    tokenTtlMs: 60_000,
    clock: createClock('manual', Date.parse('2026-09-01T00:00:00Z')),
  });
  dir = await mkdtemp(join(tmpdir(), 'conformance-credentials-'));
  // A company's token script: it asks the mock's endpoint, and prints the token or the whole JSON answer.
  await writeFile(
    join(dir, 'token.mjs'),
    `import { existsSync, writeFileSync } from 'node:fs';
const once = process.env.FAIL_AFTER_FIRST;
if (once && existsSync(once)) process.exit(1);
if (once) writeFileSync(once, '');
const response = await fetch(process.env.TOKEN_URL, {
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: 'grant_type=client_credentials&client_id=ci&client_secret=${SECRET}',
});
const body = await response.json();
process.stdout.write(process.env.AS_JSON ? JSON.stringify(body) : body.access_token + '\\n');
`,
  );
});
afterAll(async () => {
  await mock.close();
  await rm(dir, { recursive: true, force: true });
});

const running: Listening[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()));
});

/** `node token.mjs` with the shell's variables in front, as a CI job would write it. */
const command = (variables: string) =>
  `TOKEN_URL=${mock.url}/oauth/token ${variables} "${process.execPath}" "${join(dir, 'token.mjs')}"`;

/**
 * Runs the CLI in-process with every report; `expireAfter` moves the mock's clock by two hours once that many
 * checks have printed their line (the token expires between two checks). Returns every stream and file.
 */
async function run(args: string[], env: Record<string, string> = {}, expireAfter?: number) {
  const out: string[] = [];
  const err: string[] = [];
  const output = await mkdtemp(join(dir, 'out-'));
  let checks = 0;
  const io = {
    stdout: (text: string) => {
      out.push(text);
      if (/^\[\s*\d+\/\d+\]/.test(text) && ++checks === expireAfter) mock.clock.advance(2 * 3_600_000);
    },
    stderr: (text: string) => err.push(text),
  };
  const reports = ['--reporter', 'pretty', '--reporter', 'json', '--reporter', 'junit', '--output', output];
  const code = await main(['--base-url', mock.baseUrl, ...reports, ...args], env, io);
  const files = await Promise.all(
    ['conformance.json', 'conformance.junit.xml'].map((name) =>
      readFile(join(output, name), 'utf8').catch(() => ''),
    ),
  );
  const [stdout, stderr] = [out.join(''), err.join('')];
  // What the CLI says besides the files it wrote.
  const said = stderr
    .split('\n')
    .filter((line) => line !== '' && !/^petstore-conformance: wrote /.test(line));
  return {
    code,
    stdout,
    stderr,
    said,
    json: files[0] ?? '',
    everything: [stdout, stderr, ...files].join('\n'),
  };
}

/** No secret, no token (every token the mock issues starts with pmat_), no command output in any output. */
function expectNoSecret(everything: string): void {
  expect(everything).not.toContain(SECRET);
  expect(everything).not.toContain(BASIC);
  expect(everything).not.toMatch(/pmat_/);
  expect(everything).not.toContain('access_token');
}

const OAUTH = ['--oauth-token-url', '', '--oauth-client-id', 'ci', '--oauth-client-secret-env', 'CI_SECRET'];
const oauthArgs = (url = `${mock.url}/oauth/token`) => OAUTH.map((arg) => (arg === '' ? url : arg));

describe('a run whose token expires mid-run', () => {
  it.each([
    ['the OAuth client credentials grant, by HTTP Basic', () => oauthArgs()],
    [
      'the OAuth client credentials grant, in the body',
      () => [...oauthArgs(), '--oauth-client-auth', 'post'],
    ],
    ['a token command printing the token', () => ['--token-command', command('')]],
    ['a token command printing JSON', () => ['--token-command', command('AS_JSON=1')]],
  ])('passes with %s, fetching one fresh token after the 401', async (_name, args) => {
    await mock.api.reset();
    const { code, stdout, json, everything } = await run(args(), { CI_SECRET: SECRET }, 5);
    expect(code, stdout).toBe(0);
    expect(stdout).toContain('token refreshed (1×)');
    expect(JSON.parse(json).summary.credential).toMatchObject({ refreshes: 1 });
    expect(json).toContain('"refreshed": true');
    expectNoSecret(everything);
    expect(mock.api.journal.find({ status: 401 }).some((entry) => entry.path === '/v1/store/orders')).toBe(
      true,
    );
  });

  it('explores with a token too, and no secret reaches its reports', async () => {
    await mock.api.reset();
    const { code, stdout, everything } = await run(
      [...oauthArgs(), '--explore', '--seed', '7', '--max-requests', '60'],
      { CI_SECRET: SECRET },
    );
    expect(code, stdout).toBe(0);
    expect(stdout).toContain('token refreshed (0×)');
    expectNoSecret(everything);
  });
});

describe('a credential source that fails', () => {
  it.each([
    [
      'a wrong client secret',
      () => oauthArgs(),
      { CI_SECRET: 'wrong' },
      /OAuth token endpoint .*answered 401 invalid_client/,
    ],
    [
      'an unreachable token endpoint',
      async () => oauthArgs(`http://127.0.0.1:${await closedPort()}/token`),
      {},
      /OAuth token endpoint .*cannot be reached: .*ECONNREFUSED/,
    ],
    [
      'a token endpoint answering 500',
      async () => oauthArgs(await standIn((_req, res) => res.writeHead(500).end('down'))),
      {},
      /OAuth token endpoint .*answered 500/,
    ],
    [
      'a token endpoint too slow',
      async () => [...oauthArgs(await standIn(() => {})), '--timeout', '300'],
      {},
      /OAuth token endpoint .*did not answer within 300 ms/,
    ],
    [
      'a command exiting with 1',
      () => ['--token-command', 'echo half-a-token; exit 1'],
      {},
      /token command .*exited with code 1/,
    ],
    ['a command printing nothing', () => ['--token-command', 'true'], {}, /token command .*printed nothing/],
    [
      'a command that hangs',
      () => ['--token-command', 'sleep 30', '--timeout', '300'],
      {},
      /token command .*did not finish within 300 ms/,
    ],
  ])('ends the run with one line and exit 2: %s', async (_name, args, env, message) => {
    const { code, stdout, said, everything } = await run(await args(), { CI_SECRET: SECRET, ...env });
    expect(code).toBe(2);
    expect(said).toEqual([expect.stringMatching(message)]);
    expect(stdout).toContain('Result: ERROR (exit 2)');
    expect(stdout).not.toMatch(/FAIL\s+must/);
    expectNoSecret(everything);
    expect(everything).not.toContain('half-a-token');
  });

  it('stops the run when the source fails on a refresh, never grading the 401s that follow', async () => {
    await mock.api.reset();
    const marker = join(dir, 'fetched-once');
    const { code, stdout, said } = await run(
      ['--token-command', command(`FAIL_AFTER_FIRST=${marker}`)],
      {},
      5,
    );
    expect(code).toBe(2);
    expect(said).toEqual([expect.stringMatching(/token command .*exited with code 1/)]);
    expect(stdout).toMatch(/SKIP .*not run: the token command/);
    expect(stdout).not.toMatch(/FAIL\s+must/);
  });
});

async function standIn(handler: Parameters<typeof listen>[0]): Promise<string> {
  const server = await listen(handler);
  running.push(server);
  return `${server.url}/token`;
}
