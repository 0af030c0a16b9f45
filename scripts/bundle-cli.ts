/**
 * Bundles the mock's CLI (src/cli/cli.ts) into dist/cli/: the bin starts from a handful of files instead of
 * the ~150 small modules of dist/src, and Node's ES module loader costs about half a millisecond per module
 * (docs/performance.md, "Start"). The library's entry points (dist/src) are unchanged. What the CLI loads only
 * when asked (faker for --seed, the fixture validator, node-redis for --store, the MCP server and its SDK for
 * `mcp` and --mcp) stays in chunks of its own; scripts/bundle-cli.test.ts checks the start path.
 *
 * Usage: tsx scripts/bundle-cli.ts   (part of `npm run build`)
 */
import { rmSync } from 'node:fs';
import { type BuildOptions, build, type Plugin } from 'esbuild';

/**
 * Every package loads from node_modules, except node-redis: its hundreds of small CommonJS modules load far
 * slower from there than from one chunk, on the path to the first answer with --store (docs/performance.md).
 * It stays in the chunk that only --store loads.
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
  entryPoints: { cli: 'src/cli/cli.ts', 'generate-worker': 'src/cli/generate-worker.ts' },
  outdir: 'dist/cli',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  // Dependencies load from node_modules as they do for the library (one copy of each, installed by npm),
  // but node-redis (BUNDLED_PACKAGES).
  plugins: [packagesExternal],
  // node-redis, being CommonJS, requires Node's modules: an ES module chunk has no `require` of its own.
  banner: {
    js: "import { createRequire as createRequireForBundledCommonJs } from 'node:module'; const require = createRequireForBundledCommonJs(import.meta.url);",
  },
  sourcemap: 'linked',
  sourcesContent: true,
  logLevel: 'warning',
} satisfies BuildOptions;

if (import.meta.url === `file://${process.argv[1]}`) {
  rmSync(CLI_BUNDLE.outdir, { recursive: true, force: true });
  await build(CLI_BUNDLE);
}
