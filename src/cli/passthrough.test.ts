import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { readHarFile } from '../exchange/har-file.ts';
import { runToEnd, start, startWith } from '../test-support/cli-run.ts';
import { startUpstream, type Upstream } from '../test-support/upstream.ts';

const upstreams: Upstream[] = [];
const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(upstreams.splice(0).map((upstream) => upstream.close()));
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'cli-record-misses-'));
  dirs.push(dir);
  return dir;
}

describe('petstore-mock --passthrough', () => {
  test('says where unanswered requests go, forwards them, and logs them as the upstream’s', async () => {
    const upstream = await startUpstream();
    upstreams.push(upstream);
    const mock = await start('--passthrough', `${upstream.url}/api`);
    expect(mock.stdout()).toContain(
      `  Forward: ${upstream.url}/api (what the mock does not answer; ${mock.url}/__mock/passthrough)`,
    );
    const got = await fetch(`${mock.baseUrl}/users/me`, {
      headers: { authorization: 'Bearer upstream-token' },
    });
    expect(await got.json()).toEqual({ upstream: true, path: '/api/v1/users/me' });
    expect(mock.stdout()).toMatch(/\nGET \/v1\/users\/me 200 [\d.]+ms \(upstream\)\n/);
  });

  test('takes the upstream from PETSTORE_PASSTHROUGH, and its JSON log marks forwarded requests', async () => {
    const upstream = await startUpstream();
    upstreams.push(upstream);
    const mock = await startWith(['--log-format', 'json'], { PETSTORE_PASSTHROUGH: upstream.url });
    expect(JSON.parse(mock.stdout().split('\n')[0] ?? '')).toMatchObject({
      event: 'listening',
      passthrough: upstream.url,
    });
    await fetch(`${mock.url}/anything`);
    const lines = mock
      .stdout()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines.at(-1)).toMatchObject({ method: 'GET', path: '/anything', status: 200, source: 'upstream' });
  });
});

describe('petstore-mock --record-misses FILE', () => {
  test('appends what it forwards to the HAR, and has written it all when SIGTERM stops it', async () => {
    const upstream = await startUpstream();
    upstreams.push(upstream);
    const file = join(await tempDir(), 'misses.har');
    const mock = await start(
      '--passthrough',
      upstream.url,
      '--record-misses',
      file,
      '--api-key',
      'cli-key-1234',
    );
    expect(mock.stdout()).toContain(`  Record:  forwarded exchanges appended to ${file} (HAR)`);
    await fetch(`${mock.baseUrl}/users/me`, { headers: { authorization: 'Bearer cli-key-1234' } });
    await fetch(`${mock.url}/favicon.ico`);
    expect(await mock.stop('SIGTERM')).toBe(0);
    const recorded = await readHarFile(file);
    expect(recorded.map((exchange) => exchange.request.url)).toEqual([
      `${upstream.url}/v1/users/me`,
      `${upstream.url}/favicon.ico`,
    ]);
    expect(recorded[0]?.request.headers.authorization).toMatch(/^Bearer \[redacted\]$/i);
    expect(await readFile(file, 'utf8')).not.toContain('cli-key-1234');
  });

  test('takes the file from PETSTORE_RECORD_MISSES', async () => {
    const upstream = await startUpstream();
    upstreams.push(upstream);
    const file = join(await tempDir(), 'from-env.har');
    const mock = await startWith(['--log-format', 'json'], {
      PETSTORE_PASSTHROUGH: upstream.url,
      PETSTORE_RECORD_MISSES: file,
    });
    expect(JSON.parse(mock.stdout().split('\n')[0] ?? '')).toMatchObject({ recordMisses: file });
    await fetch(`${mock.url}/anything`);
    await mock.stop();
    expect(await readHarFile(file)).toHaveLength(1);
  });

  test('a write that fails while serving is logged once, and forwarding goes on', async () => {
    const upstream = await startUpstream();
    upstreams.push(upstream);
    const dir = await tempDir();
    const mock = await start('--passthrough', upstream.url, '--record-misses', join(dir, 'misses.har'));
    await rm(dir, { recursive: true });
    expect((await fetch(`${mock.url}/one`)).status).toBe(200);
    expect((await fetch(`${mock.url}/two`)).status).toBe(200);
    await vi.waitFor(() => expect(mock.stdout()).toContain('Could not record forwarded exchanges in'));
    await mock.stop();
    expect(mock.stdout().match(/Could not record/g)).toHaveLength(1);
  });

  /** Starts the mock recording into `file`, which it must refuse at start: its exit and its output. */
  const recordingInto = (file: string) =>
    runToEnd(['--port', '0', '--passthrough', 'http://127.0.0.1:9', '--record-misses', file]);

  test('a path that cannot take the recording is one line and exit 2, before serving', async () => {
    const got = await recordingInto(join(await tempDir(), 'no-such-folder', 'misses.har'));
    expect(got.code).toBe(2);
    expect(got.stderr).toMatch(
      /^petstore-mock: Cannot record the forwarded exchanges in .*misses\.har: the folder .*no-such-folder does not exist\.\n$/,
    );
    expect(got.stdout).not.toContain('listening');
  });

  // /sys exists and takes no new files, even for root (whom a folder's mode bits do not stop).
  test.runIf(process.platform === 'linux')(
    'a folder that takes no new files is one line and exit 2, before serving',
    async () => {
      const got = await recordingInto('/sys/misses.har');
      expect(got.code).toBe(2);
      expect(got.stderr).toMatch(
        /^petstore-mock: Cannot record the forwarded exchanges in \/sys\/misses\.har: the folder \/sys cannot be written \(EACCES\)\.\n$/,
      );
      expect(got.stdout).not.toContain('listening');
    },
  );

  test('is refused without --passthrough, with an empty path, and with --workers', async () => {
    expect(await runToEnd(['--record-misses', 'misses.har'])).toMatchObject({
      code: 2,
      stderr: 'petstore-mock: --record-misses records what --passthrough forwards: add --passthrough URL.\n',
    });
    expect(await runToEnd(['--passthrough', 'http://127.0.0.1:9', '--record-misses', ''])).toMatchObject({
      code: 2,
      stderr: 'petstore-mock: --record-misses needs a file path, such as misses.har.\n',
    });
    const workers = ['--workers', '2', '--store', 'redis://127.0.0.1:6379/0'];
    expect(
      await runToEnd(['--passthrough', 'http://127.0.0.1:9', '--record-misses', 'm.har', ...workers]),
    ).toMatchObject({
      code: 2,
      stderr: 'petstore-mock: --record-misses is written by one process, not by --workers 2.\n',
    });
  });
});
