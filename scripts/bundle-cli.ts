/**
 * Bundles the mock's CLI (src/cli/cli.ts) into dist/cli/: the bin starts from a handful of files instead of
 * the ~150 small modules of dist/src, and Node's ES module loader costs about half a millisecond per module
 * (docs/performance.md, "Start"). The files are CommonJS (`.cjs`): Node 20 keeps no compiled code of an ES
 * module between starts, and for a CommonJS file the bin keeps it (src/cli/compile-cache.ts), which took the
 * default start from 671 to 619 million instructions (Round 15). The library's entry points (dist/src) stay
 * ES modules. What the CLI loads only when asked (the fixture validator, faker for --seed, js-yaml for a YAML
 * config file, node-redis for --store, the MCP server for `mcp` and --mcp) stays in chunks of its own;
 * scripts/bundle-cli.test.ts checks the start path.
 *
 * Usage: tsx scripts/bundle-cli.ts   (part of `npm run build`)
 */
import type { Plugin } from 'esbuild';
import { buildWithStartChunk, type StartChunkOptions } from './start-chunk.ts';

/**
 * Every package loads from node_modules, as the library loads it, except three, each in the chunk that only its
 * option loads, where the bin's compile cache keeps their compiled code too (docs/performance.md, Round 16):
 * - node-redis (`--store`): hundreds of small modules, far slower to load one by one from there than from one
 *   chunk, on the path to the first answer (docs/performance.md);
 * - faker (`--seed`): an ES module in node_modules, which Node 20 loads through its ES module loader and
 *   compiles on every start; carried, `--seed 42` took 647 million instructions to its first answer, not 695;
 * - js-yaml (a YAML config file): carried, that start took 646 million, not 681.
 */
const CARRIED_BY_THE_CLI = /^(@redis\/client(\/|$)|@faker-js\/faker(\/|$)|js-yaml$)/;

/** Leaves every package outside the bundle, to load from node_modules, but those `carried` names. */
export function packagesExternalBut(carried?: RegExp): Plugin {
  return {
    name: 'packages-external',
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, ({ path }) =>
        carried?.test(path) ? undefined : { path, external: true },
      );
    },
  };
}

export const CLI_BUNDLE = {
  // The bin installs the compile cache (Node 20's) before it requires the CLI.
  entryPoints: { cli: 'src/cli/cli.ts', 'compile-cache': 'src/cli/compile-cache.ts' },
  outdir: 'dist/cli',
  bundle: true,
  splitting: true,
  // esbuild splits ES modules only; the second pass writes them as CommonJS.
  format: 'esm',
  outputFormat: 'cjs',
  platform: 'node',
  target: 'node20.19',
  // Dependencies load from node_modules as they do for the library (one copy of each, installed by npm),
  // but those CARRIED_BY_THE_CLI.
  plugins: [packagesExternalBut(CARRIED_BY_THE_CLI)],
  sourcemap: 'linked',
  sourcesContent: true,
  logLevel: 'warning',
} satisfies StartChunkOptions;

/**
 * The worker that generates a large --seed (src/cli/seed-worker.ts starts it from './generate-worker.cjs' beside
 * its own chunk), built into the CLI's folder after it, with faker from node_modules: carried, faker's 190 KB
 * would come twice (each entry's pass gathers its own), and for the 50,000 orders or more a worker generates,
 * loading faker is a small part of the time.
 */
export const GENERATE_WORKER_BUNDLE = {
  ...CLI_BUNDLE,
  entryPoints: { 'generate-worker': 'src/cli/generate-worker.ts' },
  plugins: [packagesExternalBut()],
  addToOutdir: true,
} satisfies StartChunkOptions;

if (import.meta.url === `file://${process.argv[1]}`) {
  // The CLI's build first: it empties the folder, and the worker's adds to it.
  await buildWithStartChunk(CLI_BUNDLE);
  await buildWithStartChunk(GENERATE_WORKER_BUNDLE);
}
