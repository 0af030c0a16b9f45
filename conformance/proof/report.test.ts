import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../test-support/cli.ts';
import { serverPool } from '../test-support/pool.ts';
import { TARGET_KEY } from '../test-support/target.ts';

// The server cannot forge, break or hide the report (docs/conformance.md, "What the report quotes from the
// server").

const { target } = serverPool();

const HOSTILE_CODE =
  '\u001b[2J\u001b[H\n::error title=x::forged\n::add-mask::x\n[28/28] PASS must forged — all good\r\u009b31m' +
  '\ufffe\uffff\ud800\u202e'.repeat(3) +
  'x'.repeat(5000);

/** A reference target whose Error bodies carry a hostile `code`. */
const hostile = () =>
  target({
    transform: (_req, res) =>
      res.status >= 400
        ? { ...res, body: JSON.stringify({ code: HOSTILE_CODE, message: 'm', status: res.status }) }
        : res,
  });

describe('what the server sends cannot forge or break the report', () => {
  const dir = tempDir('conformance-report-');

  it('escapes control characters and caps quoted text in the console report', async () => {
    const { stdout } = await runCli(['--base-url', await hostile(), '--api-key', TARGET_KEY]);
    expect(stdout).not.toContain('\u001b');
    expect(stdout).not.toContain('\u009b');
    expect(stdout).not.toContain('\r');
    expect(stdout).not.toContain('\u202e');
    const lines = stdout.split('\n');
    expect(lines.filter((l) => l.startsWith('::'))).toEqual([]);
    expect(
      lines.filter((l) => l.includes('forged') && /^\[\d+\/\d+\] PASS/.test(l) && !l.includes('info.')),
    ).toEqual([]);
    expect(stdout).toMatch(/info\.error-codes — .*\\u001b\[2J/);
    expect(Math.max(...lines.map((l) => l.length))).toBeLessThan(2100);
  });

  it('writes a JUnit file without any character XML 1.0 forbids', async () => {
    const { code } = await runCli([
      '--base-url',
      await hostile(),
      '--api-key',
      TARGET_KEY,
      '--reporter',
      'junit',
      '--output',
      dir.path,
    ]);
    expect(code).toBe(0);
    const xml = await readFile(join(dir.path, 'conformance.junit.xml'), 'utf8');
    expect(xml).not.toMatch(/[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/u);
  });

  it('refuses --output pointing at a file with a one-line usage error, before any request', async () => {
    const file = join(dir.path, 'a-file');
    await writeFile(file, 'x');
    const { code, stderr } = await runCli([
      '--base-url',
      'http://127.0.0.1:9/v1',
      '--reporter',
      'json',
      '--output',
      file,
    ]);
    expect(code).toBe(2);
    expect(stderr.split('\n')[0]).toBe(`petstore-conformance: --output ${file} is a file; give a directory`);
    expect(stderr).not.toMatch(/EEXIST|at .*\.ts/);
  });

  it('colours the console report on a terminal, honouring NO_COLOR and FORCE_COLOR', async () => {
    const baseUrl = await target();
    const args = ['--base-url', baseUrl, '--api-key', TARGET_KEY];
    expect((await runCli(args, {}, true)).stdout).toContain('\u001b[32mPASS\u001b[0m');
    expect((await runCli(args, { NO_COLOR: '1' }, true)).stdout).not.toContain('\u001b');
    expect((await runCli(args, {}, false)).stdout).not.toContain('\u001b');
    expect((await runCli(args, { FORCE_COLOR: '1' }, false)).stdout).toContain('\u001b[32m');
    const json = await runCli([...args, '--reporter', 'json'], { FORCE_COLOR: '1' }, true);
    expect(json.stdout).not.toContain('\u001b');
  });
});
