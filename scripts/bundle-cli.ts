/**
 * Bundles the mock's CLI (src/cli/cli.ts) into dist/cli/: the bin starts from a handful of files instead of
 * the ~150 small modules of dist/src, and Node's ES module loader costs about half a millisecond per module
 * (docs/performance.md, "Start"). The library's entry points (dist/src) are unchanged. What the CLI loads only
 * when asked (faker for --seed, the fixture validator, node-redis for --store, yaml for a YAML config file, the
 * MCP server and its SDK for `mcp` and --mcp) stays in chunks of its own; scripts/bundle-cli.test.ts checks
 * the start path.
 *
 * Usage: tsx scripts/bundle-cli.ts   (part of `npm run build`)
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'esbuild';
import { buildWithStartChunk, type StartChunkOptions } from './start-chunk.ts';

/**
 * Every package loads from node_modules, as the library loads it, except node-redis (`--store`) and yaml (a
 * YAML config file): each is dozens to hundreds of small modules, far slower to load one by one from there
 * than from one chunk, on the path to the first answer (docs/performance.md). Each stays in the chunk that
 * only its option loads. faker stays outside: carried, `--seed 42` answered 2.6 ms sooner, but its 128 KB
 * module came twice (the `--seed` chunk and the generating worker's), 340 KB more in the package and 440 KB
 * more of source maps (docs/performance.md, Round 9).
 */
const BUNDLED_PACKAGES = /^(@redis\/client|yaml)(\/|$)/;

const packagesExternal: Plugin = {
  name: 'packages-external-but-node-redis-and-yaml',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, ({ path }) =>
      BUNDLED_PACKAGES.test(path) ? undefined : { path, external: true },
    );
  },
};

/**
 * `yaml` ships its code twice: as CommonJS under the `node` condition and as ES modules under `default`. The
 * CLI carries the ES modules: no CommonJS wrappers to run, and the lazy `import('yaml')` gets its named
 * exports as written. Compared file by file (module syntax and renames aside), the two builds differ in three
 * places, none of which the config file uses: a YAML 1.1 `!!binary` value is a Uint8Array rather than a
 * Buffer, a warning goes to the console rather than `process.emitWarning`, and yaml's own debugging output
 * (`LOG_TOKENS`, `LOG_STREAM`) is not there. Measured: 2.5 ms sooner to the first 200 with a YAML config file
 * (31 alternating starts).
 */
const YAML_ES_MODULES = (() => {
  const require = createRequire(import.meta.url);
  // The entry yaml's own `exports` give every runtime but Node, read rather than restated.
  const { exports } = require('yaml/package.json') as { exports: { '.': { default: string } } };
  return join(dirname(require.resolve('yaml/package.json')), exports['.'].default);
})();

const yamlAsEsModules: Plugin = {
  name: 'yaml-as-es-modules',
  setup(build) {
    // Through a module named `yaml`, so that its chunk is named for it (`cli-yaml-….js`).
    build.onResolve({ filter: /^yaml$/ }, () => ({ path: 'yaml', namespace: 'yaml-es-modules' }));
    build.onLoad({ filter: /.*/, namespace: 'yaml-es-modules' }, () => ({
      contents: `export * from ${JSON.stringify(YAML_ES_MODULES)};`,
      resolveDir: process.cwd(),
      loader: 'js',
    }));
  },
};

export const CLI_BUNDLE = {
  // The worker that generates a large --seed runs from a file of its own, next to the chunks that start it
  // (src/cli/seed-worker.ts resolves './generate-worker.js' against its own URL).
  entryPoints: { cli: 'src/cli/cli.ts', 'generate-worker': 'src/cli/generate-worker.ts' },
  outdir: 'dist/cli',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  // Dependencies load from node_modules as they do for the library (one copy of each, installed by npm),
  // but node-redis and yaml (BUNDLED_PACKAGES).
  plugins: [yamlAsEsModules, packagesExternal],
  // node-redis, being CommonJS, requires Node's modules: an ES module chunk has no `require` of its own.
  banner: {
    js: "import { createRequire as createRequireForBundledCommonJs } from 'node:module'; const require = createRequireForBundledCommonJs(import.meta.url);",
  },
  // Only where `require` is used (esbuild's helper for bundled CommonJS): the start chunk gathered 22 copies,
  // and each `createRequire` works out the module's node_modules paths (1.3 ms a start for the 22).
  bannerNeeded: (code: string) => /\brequire\b/.test(code),
  sourcemap: 'linked',
  sourcesContent: true,
  logLevel: 'warning',
} satisfies StartChunkOptions;

if (import.meta.url === `file://${process.argv[1]}`) await buildWithStartChunk(CLI_BUNDLE);
