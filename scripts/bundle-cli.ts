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
import type { BuildOptions, Plugin } from 'esbuild';
import { buildWithStartChunk } from './start-chunk.ts';

/**
 * Every package loads from node_modules, as the library loads it, except three that the CLI carries in the
 * chunk that only their option loads, each measured sooner so (docs/performance.md):
 * - node-redis (`--store`) and yaml (a YAML config file) are dozens to hundreds of small modules, far slower
 *   to load one by one from node_modules than from one chunk;
 * - faker (`--seed`) is one large module behind a package entry; carried, it skips resolving that entry
 *   (2.6 ms sooner to the first 200 with `--seed 42`, 21 alternating starts).
 */
const BUNDLED_PACKAGES = /^(@redis\/client|yaml|@faker-js\/faker)(\/|$)/;

const packagesExternal: Plugin = {
  name: 'packages-external-but-bundled-ones',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, ({ path }) =>
      BUNDLED_PACKAGES.test(path) ? undefined : { path, external: true },
    );
  },
};

/**
 * `yaml` ships its code twice: as CommonJS under the `node` condition and as ES modules under `default`. The
 * CLI carries the ES modules: no CommonJS wrappers to run, and the lazy `import('yaml')` gets its named
 * exports as written. The two builds differ only where a YAML 1.1 `!!binary` value becomes a Uint8Array rather
 * than a Buffer and where a warning is printed (the console rather than `process.emitWarning`); the config
 * file uses neither. Measured: 2.5 ms sooner to the first 200 with a YAML config file (31 alternating starts).
 */
const YAML_ES_MODULES = join(
  dirname(createRequire(import.meta.url).resolve('yaml/package.json')),
  'browser/index.js',
);

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
  // but node-redis, yaml and faker (BUNDLED_PACKAGES).
  plugins: [yamlAsEsModules, packagesExternal],
  // node-redis, being CommonJS, requires Node's modules: an ES module chunk has no `require` of its own.
  banner: {
    js: "import { createRequire as createRequireForBundledCommonJs } from 'node:module'; const require = createRequireForBundledCommonJs(import.meta.url);",
  },
  sourcemap: 'linked',
  sourcesContent: true,
  logLevel: 'warning',
} satisfies BuildOptions;

if (import.meta.url === `file://${process.argv[1]}`) await buildWithStartChunk(CLI_BUNDLE);
