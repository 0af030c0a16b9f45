/**
 * Builds a bin's bundle so that its start path is one or two files: esbuild bundles and splits as `options` say,
 * then rolldown gathers, per entry point, every module the entry imports statically into one start chunk beside
 * the entry's own file (ES modules) or into the entry's file itself (CommonJS). The chunks the bin loads only
 * when asked (`import()`) stay chunks of their own.
 *
 * Why: esbuild makes a chunk for each set of entry points that share code, and every lazy `import()` is an
 * entry point, so the CLI's start path had grown to 24 files (329 KB). Node's ES module loader pays for each
 * file: the same code from two files reached the first 200 14.0 ms sooner by default, 16.3 ms with
 * `--seed 42` and 14.8 ms with `--fixtures` (medians of 31, 21 and 21 alternating starts, 2026-11-26;
 * docs/performance.md, "Round 8"). esbuild cannot group chunks by hand; rolldown can (`$initial`).
 *
 * Why the entry keeps a file of its own: a lazy chunk imports what it shares from the start chunk. Were that
 * the entry's file, an entry that awaits a lazy import at its top level would wait for a chunk that waits for
 * the entry, and Node would exit with 13 (unsettled top-level await). CommonJS has no top-level await, and a
 * CommonJS chunk reaches what another exports through getters on its `exports` (132 of them on the start chunk,
 * too many for V8 to keep the object's shape): the code a request runs must not cross files, and the 404 for an
 * unknown id ran 72.8 to 80.0 thousand instructions instead of 70.5 while it did (docs/performance.md, Round 15).
 *
 * Each entry point gets a pass of its own, so a second entry (the seed's worker thread) does not put its own
 * start path (faker) on the CLI's. Source maps chain back to the TypeScript through both passes.
 */
import { mkdirSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { type BuildOptions, type BuildResult, build } from 'esbuild';
import { type Plugin, rolldown } from 'rolldown';
import { builtinsThroughGetBuiltinModule } from './builtin-imports.ts';

export type StartChunkOptions = BuildOptions & {
  readonly entryPoints: Readonly<Record<string, string>>;
  readonly outdir: string;
  /**
   * The files' module format (ES modules unless said). `cjs` writes `.cjs` files, which Node loads through its
   * CommonJS loader whatever the package's type, with `import.meta.url` as each file's own URL.
   */
  readonly outputFormat?: 'esm' | 'cjs';
  /** Adds to the files another build wrote in outdir (each entry's chunks have names of their own); else emptied first. */
  readonly addToOutdir?: boolean;
};

/** What `import.meta` says in a CommonJS file: its own URL, and resolving a package from there. */
const IMPORT_META_IN_COMMONJS = {
  'import.meta.url': 'require("node:url").pathToFileURL(__filename).href',
  'import.meta.resolve':
    '((specifier) => require("node:url").pathToFileURL(require.resolve(specifier)).href)',
};

/** What the first pass wrote, by absolute path, kept in memory for the second. */
type Outputs = ReadonlyMap<string, string>;

/** Builds `options` into its outdir; answers esbuild's pass, whose metafile (if asked) says what each module imports. */
export async function buildWithStartChunk(options: StartChunkOptions): Promise<BuildResult> {
  const root = resolve(options.absWorkingDir ?? process.cwd());
  const outdir = resolve(root, options.outdir);
  const sourcemap = options.sourcemap !== undefined && options.sourcemap !== false;
  const split = await build({
    ...esbuildOptions(options),
    outdir,
    write: false,
    sourcemap: sourcemap ? 'external' : false,
  });
  const outputs: Outputs = new Map(split.outputFiles.map((file) => [file.path, file.text]));
  const commonJs = options.outputFormat === 'cjs';
  const extension = commonJs ? 'cjs' : 'js';

  if (!options.addToOutdir) rmSync(outdir, { recursive: true, force: true });
  mkdirSync(outdir, { recursive: true });
  for (const name of Object.keys(options.entryPoints)) {
    const entry = join(outdir, `${name}.js`);
    const merged = await rolldown({
      input: { [name]: entry },
      cwd: root,
      // esbuild has already made the code Node's; rolldown only moves it (`node` would add a runtime chunk).
      platform: 'neutral',
      // `require("node:x")` reads no export; an ES module's import of one reads them all (builtin-imports.ts).
      plugins: [fromFirstPass(outputs), ...(commonJs ? [] : [builtinsThroughGetBuiltinModule()])],
      ...(commonJs ? { transform: { define: IMPORT_META_IN_COMMONJS } } : {}),
      logLevel: 'warn',
    });
    await merged.write({
      dir: outdir,
      format: commonJs ? 'cjs' : 'esm',
      // A package's `import()` as `require()` (Node 20.19 requires ES modules too): Node 20 loses the way back to
      // its loader for an `import()` in code V8 read from a compile cache (src/cli/compile-cache.ts).
      ...(commonJs ? { dynamicImportInCjs: false } : {}),
      sourcemap,
      // No JSDoc comments: Node reads an ES module's source as UTF-8, and one character outside ASCII (a `…` in a
      // doc comment) makes the whole file a string of two-byte characters, decoded on a slower path. The source
      // maps keep the sources. Nothing is minified: rolldown's asciiOnly comes with its minifier, whose options
      // also turn off the constants it folds by default. scripts/bundle-cli.test.ts keeps the start path ASCII.
      comments: { legal: true, annotation: true, jsdoc: false },
      entryFileNames: `[name].${extension}`,
      // A name per entry: two passes never write two different chunks under one name.
      chunkFileNames: `${name}-[name]-[hash].${extension}`,
      codeSplitting: {
        groups: [{ name: 'start', tags: ['$initial'], test: (id: string) => commonJs || id !== entry }],
      },
    });
    await merged.close();
  }
  return split;
}

/** `options` as esbuild alone takes them (for a pass of esbuild without the start chunk). */
export function esbuildOptions(options: StartChunkOptions): BuildOptions {
  const { outputFormat: _secondPassOnly, addToOutdir: _secondPassToo, ...rest } = options;
  return rest;
}

/** Serves the first pass's files to the second from memory, with their maps; a package stays outside. */
function fromFirstPass(outputs: Outputs): Plugin {
  return {
    name: 'from-first-pass',
    resolveId(source, importer) {
      if (importer === undefined) return outputs.has(source) ? source : null;
      if (!source.startsWith('.')) return { id: source, external: true };
      return resolve(dirname(importer), source);
    },
    load(id) {
      const code = outputs.get(id);
      if (code === undefined) return null;
      const map = outputs.get(`${id}.map`);
      return { code: code.replace(/\n\/\/# sourceMappingURL=\S+\s*$/, '\n'), ...(map ? { map } : {}) };
    },
  };
}
