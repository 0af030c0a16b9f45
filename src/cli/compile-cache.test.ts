import { execFile } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { CLI_BUNDLE } from '../../scripts/bundle-cli.ts';
import { buildWithStartChunk } from '../../scripts/start-chunk.ts';

const execFileAsync = promisify(execFile);

/** What one process saw: the value its module exported, and the cache's report (null when the cache was off). */
interface Start {
  readonly value: string;
  readonly report: { folder: string; read: string[]; written: string[] } | null;
}

// The module as the bin loads it: built as the CLI bundle builds it (tsx, which turns Node's source maps on, would
// turn the cache off).
let built: string;
beforeAll(async () => {
  built = await mkdtemp(join(process.cwd(), '.compile-cache-test-'));
  const entryPoints = { 'compile-cache': 'src/cli/compile-cache.ts' };
  await buildWithStartChunk({
    ...CLI_BUNDLE,
    entryPoints,
    outdir: built,
    sourcemap: false,
    logLevel: 'silent',
  });
});
afterAll(() => rm(built, { recursive: true, force: true }));

let root: string;
let lib: string;
let cache: string;

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'compile-cache-'));
  lib = join(root, 'lib');
  cache = join(root, 'cache');
  await mkdir(join(lib, 'node_modules', 'esm-only'), { recursive: true });
  await writeFile(
    join(lib, 'node_modules', 'esm-only', 'package.json'),
    '{"type":"module","exports":"./index.js"}',
  );
  await writeFile(
    join(lib, 'node_modules', 'esm-only', 'index.js'),
    "export const word = 'from a package';\n",
  );
  // Imported, not required: the cache leaves this file to Node.
  await writeFile(join(lib, 'imports.cjs'), "exports.load = () => import('esm-only');\n");
  await writeFile(join(root, 'outside.cjs'), "exports.word = 'outside';\n");
  await writeMain('first');
  // The process: installs the cache for lib/, requires lib/main.cjs, and prints what it saw at exit, after the
  // cache's own exit listener (registered first) has written its entries.
  await writeFile(
    join(root, 'start.mjs'),
    [
      `import { createRequire } from 'node:module';`,
      `const { cacheCompiledCode } = createRequire(import.meta.url)(${JSON.stringify(join(built, 'compile-cache.cjs'))});`,
      `const [lib, cache] = process.argv.slice(2);`,
      `const env = { ...process.env, NODE_COMPILE_CACHE: cache };`,
      `const report = cacheCompiledCode({ filesIn: lib, env }) ?? null;`,
      `const value = await createRequire(import.meta.url)(lib + '/main.cjs').describe();`,
      `process.on('exit', () => console.log(JSON.stringify({ value, report })));`,
    ].join('\n'),
  );
});
afterEach(() => rm(root, { recursive: true, force: true }));

/** lib/main.cjs, whose answer names `word`: rewrites of it keep its length when words do. */
function writeMain(word: string) {
  return writeFile(
    join(lib, 'main.cjs'),
    [
      '#!/usr/bin/env node',
      `const outside = require('../outside.cjs');`,
      'exports.describe = async () => {',
      `  const { word } = require('esm-only');`,
      `  const imported = await require('./imports.cjs').load();`,
      `  return ['${word}', outside.word, word, imported.word, __filename.endsWith('main.cjs')].join(' ');`,
      '};',
    ].join('\n'),
  );
}

/** Runs start.mjs from the system's temporary folder (not lib's), so a package resolves from the file's folder. */
async function start(env: NodeJS.ProcessEnv = {}): Promise<Start> {
  const { stdout } = await execFileAsync(process.execPath, [join(root, 'start.mjs'), lib, cache], {
    cwd: tmpdir(),
    env: { ...process.env, ...env },
  });
  return JSON.parse(stdout) as Start;
}

const ours = () => join(lib, 'main.cjs');

describe('the compile cache (Node 20)', () => {
  test('keeps what V8 compiled of a file at exit and compiles the next start from it, running the same code, but not a file outside its folder or one with an import()', async () => {
    const first = await start();
    expect(first.value).toBe('first outside from a package from a package true');
    expect(first.report?.read).toEqual([]);
    expect(first.report?.written).toHaveLength(1);
    const second = await start();
    expect(second).toEqual({ value: first.value, report: { ...first.report, read: [ours()], written: [] } });
  });

  test('runs the new code of a file changed to the same length, which V8 alone would not tell apart', async () => {
    await start();
    await writeMain('again');
    const changed = await start();
    expect(changed.value).toBe('again outside from a package from a package true');
    expect(changed.report?.read).toEqual([]);
    expect((await start()).report?.read).toEqual([ours()]);
  });

  test('replaces an entry whose code V8 refuses, or whose text is cut short, and the start still runs', async () => {
    const first = await start();
    const entry = first.report?.written[0] as string;
    const kept = await readFile(entry);
    const codeAt = 4 + kept.readUInt32LE(0);
    for (const damaged of [
      Buffer.concat([kept.subarray(0, codeAt), Buffer.from('not what V8 wrote')]),
      kept.subarray(0, codeAt - 1),
    ]) {
      await writeFile(entry, damaged);
      const again = await start();
      expect(again.value).toBe(first.value);
      expect(again.report).toMatchObject({ read: [], written: [entry] });
      expect((await start()).report?.read).toEqual([ours()]);
    }
  });

  test('is not used from a folder others may write, and is off when asked or when source maps are on', async () => {
    const first = await start();
    await chmod(first.report?.folder as string, 0o777);
    const open = await start();
    expect(open).toEqual({ value: first.value, report: null });
    await chmod(first.report?.folder as string, 0o700);
    expect((await start({ NODE_DISABLE_COMPILE_CACHE: '1' })).report).toBeNull();
    expect((await start({ NODE_OPTIONS: '--enable-source-maps' })).report).toBeNull();
    expect(await readdir(first.report?.folder as string)).toHaveLength(1);
  });
});
