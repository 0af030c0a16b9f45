import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { buildWithStartChunk } from './start-chunk.ts';

const run = promisify(execFile);

/** Relative files an output imports statically (`import … from './x.js'`), not `import()`. */
function staticRelativeImports(code: string): string[] {
  return [...code.matchAll(/^import(?!\s*\()[^'"]*['"](\.[^'"]+)['"]/gm)].map((match) => match[1] as string);
}

describe('a bundle built with a start chunk', () => {
  let project: string;
  beforeEach(async () => {
    project = await mkdtemp(join(tmpdir(), 'start-chunk-'));
    // Two entries share `shared.ts`; the lazy `report.ts` shares it too, which is what made esbuild split the
    // start path into chunks: one per set of entries that share code.
    await writeFile(join(project, 'shared.ts'), 'export const counter = { starts: 0 };\n');
    await writeFile(
      join(project, 'greeting.ts'),
      "export const greeting = (name: string) => 'hello ' + name;\n",
    );
    await writeFile(
      join(project, 'report.ts'),
      "import { counter } from './shared.ts';\nexport const report = () => 'started ' + counter.starts;\n",
    );
    await writeFile(
      join(project, 'main.ts'),
      [
        "import { counter } from './shared.ts';",
        "import { greeting } from './greeting.ts';",
        'counter.starts += 1;',
        'console.log(greeting("main"));',
        "import('./report.ts').then(({ report }) => {",
        '  console.log(report());',
        "  if (process.argv[2] === 'fail') throw new Error('asked to fail');",
        '});',
      ].join('\n'),
    );
    await writeFile(
      join(project, 'worker.ts'),
      "import { counter } from './shared.ts';\nconsole.log('worker ' + counter.starts);\n",
    );
  });
  afterEach(() => rm(project, { recursive: true, force: true }));

  const build = (sourcemap: boolean) =>
    buildWithStartChunk({
      entryPoints: { main: 'main.ts', worker: 'worker.ts' },
      outdir: 'out',
      absWorkingDir: project,
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'node',
      sourcemap,
      logLevel: 'silent',
    });

  /** The files an entry reads before its first line runs: itself and what it imports statically, transitively. */
  async function startPath(out: string, file: string): Promise<string[]> {
    const code = await readFile(join(out, file), 'utf8');
    const imported = staticRelativeImports(code).map((path) => path.replace(/^\.\//, ''));
    return [file, ...(await Promise.all(imported.map((next) => startPath(out, next)))).flat()];
  }

  test('starts each entry from its own file and one start chunk, and still loads the lazy part when asked', async () => {
    await build(false);
    const out = join(project, 'out');
    expect(await startPath(out, 'main.js')).toEqual([
      'main.js',
      expect.stringMatching(/^main-start-.*\.js$/),
    ]);
    expect(await startPath(out, 'worker.js')).toEqual([
      'worker.js',
      expect.stringMatching(/^worker-start-.*\.js$/),
    ]);
    const { stdout } = await run(process.execPath, [join(out, 'main.js')]);
    // The lazy module shares the entry's state (the counter), rather than a copy of it.
    expect(stdout).toBe('hello main\nstarted 1\n');
    expect((await run(process.execPath, [join(out, 'worker.js')])).stdout).toBe('worker 0\n');
  });

  test('starts an entry that awaits a lazy import at its top level (no cycle through the entry)', async () => {
    await writeFile(
      join(project, 'main.ts'),
      [
        "import { counter } from './shared.ts';",
        'counter.starts += 1;',
        "const { report } = await import('./report.ts');",
        'console.log(report());',
      ].join('\n'),
    );
    await build(false);
    const { stdout } = await run(process.execPath, [join(project, 'out', 'main.js')]);
    expect(stdout).toBe('started 1\n');
  });

  test('maps an error back to the TypeScript line through both passes', async () => {
    await build(true);
    const failed = await run(process.execPath, [
      '--enable-source-maps',
      join(project, 'out', 'main.js'),
      'fail',
    ]).then(
      () => undefined,
      (error: { stderr: string }) => error.stderr,
    );
    expect(failed).toMatch(/asked to fail/);
    expect(failed).toMatch(/main\.ts:7:/);
  });
});
