/**
 * Bundles the mock's CLI (src/cli/cli.ts) into dist/cli/: the bin starts from a handful of files instead of
 * the ~150 small modules of dist/src, and Node's ES module loader costs about half a millisecond per module
 * (docs/performance.md, "Start"). The files are CommonJS (`.cjs`): Node 20 keeps no compiled code of an ES
 * module between starts, and for a CommonJS file the bin keeps it (src/cli/compile-cache.ts), which took the
 * default start from 671 to 619 million instructions (Round 15). The library's entry points (dist/src) stay
 * ES modules. What the CLI loads only when asked (the fixture validator, node-redis for --store, the MCP
 * server for `mcp` and --mcp) stays in chunks of its own, and faker (--seed) and js-yaml (a YAML config file)
 * in node_modules; scripts/bundle-cli.test.ts checks the start path.
 *
 * Usage: tsx scripts/bundle-cli.ts   (part of `npm run build`)
 */
import type { Plugin } from 'esbuild';
import { buildWithStartChunk, type StartChunkOptions } from './start-chunk.ts';

/**
 * Every package loads from node_modules, as the library loads it, except node-redis (`--store`): it is
 * hundreds of small modules, far slower to load one by one from there than from one chunk, on the path to the
 * first answer (docs/performance.md). It stays in the chunk that only its option loads. faker stays outside:
 * carried, `--seed 42` answered 2.6 ms sooner, but its 128 KB module came twice (the `--seed` chunk and the
 * generating worker's), 340 KB more in the package and 440 KB more of source maps (docs/performance.md,
 * Round 9). js-yaml (a YAML config file) is one ES module file of its own.
 */
const BUNDLED_PACKAGES = /^@redis\/client(\/|$)/;

const packagesExternal: Plugin = {
  name: 'packages-external-but-node-redis',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, ({ path }) =>
      BUNDLED_PACKAGES.test(path) ? undefined : { path, external: true },
    );
  },
};

export const CLI_BUNDLE = {
  // The worker that generates a large --seed runs from a file of its own, next to the chunks that start it
  // (src/cli/seed-worker.ts resolves './generate-worker.js' against its own URL).
  // The bin installs the compile cache (Node 20's) before it requires the CLI.
  entryPoints: {
    cli: 'src/cli/cli.ts',
    'generate-worker': 'src/cli/generate-worker.ts',
    'compile-cache': 'src/cli/compile-cache.ts',
  },
  outdir: 'dist/cli',
  bundle: true,
  splitting: true,
  // esbuild splits ES modules only; the second pass writes them as CommonJS.
  format: 'esm',
  outputFormat: 'cjs',
  platform: 'node',
  target: 'node20.19',
  // Dependencies load from node_modules as they do for the library (one copy of each, installed by npm),
  // but node-redis (BUNDLED_PACKAGES).
  plugins: [packagesExternal],
  sourcemap: 'linked',
  sourcesContent: true,
  logLevel: 'warning',
} satisfies StartChunkOptions;

if (import.meta.url === `file://${process.argv[1]}`) await buildWithStartChunk(CLI_BUNDLE);
