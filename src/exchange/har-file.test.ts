import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { skipWithoutChromium } from '../test-support/chromium.ts';
import { importIntoDevTools } from '../test-support/devtools-har.ts';
import { appendHarEntries, harAppender, harFileProblem, readHarFile, writeHarFile } from './har-file.ts';
import { HarFormatError } from './har-read.ts';
import type { ExchangeRecord } from './record.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'har-file-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const record = (n: number): ExchangeRecord => ({
  startedAt: Date.parse('2026-09-01T10:00:00Z') + n,
  durationMs: n,
  source: n % 2 ? 'upstream' : 'mock',
  request: {
    method: 'GET',
    url: `http://127.0.0.1:4010/v1/users/${n}`,
    headers: { authorization: 'Bearer token-of-the-user' },
  },
  response: { status: 200, headers: { 'content-type': 'application/json' }, body: `{"id":${n}}` },
});

describe('HAR files', () => {
  test('appends made during a write are written together, in order, redacted', async () => {
    const file = join(dir, 'misses.har');
    await Promise.all(Array.from({ length: 200 }, (_, n) => appendHarEntries(file, [record(n)])));
    const text = await readFile(file, 'utf8');
    expect(text).not.toContain('token-of-the-user');
    const read = await readHarFile(file);
    expect(read.map((exchange) => exchange.request.url.split('/').at(-1))).toEqual(
      Array.from({ length: 200 }, (_, n) => String(n)),
    );
    expect(read[1]?.source).toBe('upstream');
  });

  test('an append adds to what the file holds', async () => {
    const file = join(dir, 'misses.har');
    await writeHarFile(file, [record(1)], { creator: { name: 'test', version: '9' } });
    await appendHarEntries(file, [record(2)]);
    const har = JSON.parse(await readFile(file, 'utf8'));
    expect(har.log.creator).toEqual({ name: 'test', version: '9' });
    expect(har.log.entries).toHaveLength(2);
  });

  test('appends one by one give the very file a single write of them all gives', async () => {
    const file = join(dir, 'misses.har');
    for (let n = 0; n < 5; n++) await appendHarEntries(file, [record(n)]);
    const whole = join(dir, 'whole.har');
    await writeHarFile(whole, [0, 1, 2, 3, 4].map(record));
    expect(await readFile(file, 'utf8')).toBe(await readFile(whole, 'utf8'));
  });

  test('a file changed by someone else between appends is read again, its entries kept', async () => {
    const file = join(dir, 'shared.har');
    await appendHarEntries(file, [record(1)]);
    // Rewritten by another tool: one line, a comment after the entries.
    const har = JSON.parse(await readFile(file, 'utf8'));
    await writeFile(file, JSON.stringify({ log: { ...har.log, comment: 'edited' } }));
    await appendHarEntries(file, [record(2)]);
    await appendHarEntries(file, [record(3)]);
    const read = await readHarFile(file);
    expect(read.map((exchange) => exchange.request.url.split('/').at(-1))).toEqual(['1', '2', '3']);
    expect(JSON.parse(await readFile(file, 'utf8')).log.comment).toBe('edited');
  });

  test('a file that is not a HAR is neither appended to nor replaced', async () => {
    const file = join(dir, 'notes.har');
    await writeFile(file, '{"log": {"entr');
    await expect(appendHarEntries(file, [record(1)])).rejects.toThrow(HarFormatError);
    await expect(readHarFile(file)).rejects.toThrow(/^not JSON .*: a truncated file\?$/);
    expect(await readFile(file, 'utf8')).toBe('{"log": {"entr');
  });

  test('an appender tells a failing write once, however many exchanges it loses', async () => {
    const file = join(dir, 'taken');
    await mkdir(file);
    const errors: string[] = [];
    const har = harAppender(file, { onError: (error) => errors.push(error.message) });
    for (let n = 0; n < 5; n++) har.add(record(n));
    expect(await har.written()).toBe(true);
    har.add(record(6));
    await har.written();
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/EISDIR/);
  });

  test('an appender redacts the secrets given with each exchange', async () => {
    const file = join(dir, 'echo.har');
    const har = harAppender(file, { onError: () => {} });
    const echoed = {
      ...record(1),
      response: { status: 200, headers: {}, body: 'your token is t0ken-echoed' },
    };
    har.add(echoed, ['t0ken-echoed']);
    await har.written();
    const text = await readFile(file, 'utf8');
    expect(text).toContain('your token is [REDACTED]');
    expect(text).not.toContain('t0ken-echoed');
  });

  test('says before any write why a path cannot take appended entries', async () => {
    await writeFile(join(dir, 'notes.txt'), 'hello');
    await writeHarFile(join(dir, 'old.har'), [record(1)]);
    expect(await harFileProblem(join(dir, 'new.har'))).toBeUndefined();
    expect(await harFileProblem(join(dir, 'old.har'))).toBeUndefined();
    expect(await harFileProblem(join(dir, 'missing', 'x.har'))).toMatch(
      /^the folder .*missing does not exist$/,
    );
    expect(await harFileProblem(join(dir, 'notes.txt'))).toMatch(/^not JSON/);
    expect(await harFileProblem(dir)).toBe('it is a folder');
    expect(await readdir(dir)).toEqual(['notes.txt', 'old.har']);
  });

  // /sys exists and takes no new files, even for root (whom a folder's mode bits do not stop).
  test.runIf(process.platform === 'linux')(
    'says before any write that the folder takes no new files',
    async () => {
      expect(await harFileProblem('/sys/misses.har')).toMatch(/^the folder \/sys cannot be written \(EACCES/);
    },
  );

  test.skipIf(skipWithoutChromium)(
    'opens in Chrome DevTools’ Import HAR, bodies and sources included',
    async () => {
      const file = join(dir, 'run.har');
      const failed: ExchangeRecord = { ...record(3), response: undefined, error: 'ECONNRESET' };
      await writeHarFile(file, [record(1), record(2), failed]);
      const requests = await importIntoDevTools(JSON.parse(await readFile(file, 'utf8')));
      expect(requests.map(({ url, status, content }) => [url.split('/').at(-1), status, content])).toEqual([
        ['1', 200, '{"id":1}'],
        ['2', 200, '{"id":2}'],
        ['3', 0, ''],
      ]);
      expect(requests[0]?.requestHeaders.authorization).toBe('Bearer [REDACTED]');
    },
    30_000,
  );
});
