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
import type { BuildOptions, Plugin } from 'esbuild';
import { buildWithStartChunk } from './start-chunk.ts';

/**
 * Every package loads from node_modules, except node-redis and yaml: each is dozens to hundreds of small
 * CommonJS modules, which load far slower from there than from one chunk, on the path to the first answer
 * with --store or with a YAML config file (docs/performance.md). Each stays in the chunk that only its
 * option loads.
 */
const BUNDLED_PACKAGES = /^(@redis\/client|yaml)(\/|$)/;

const packagesExternal: Plugin = {
  name: 'packages-external-but-node-redis',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, ({ path }) =>
      BUNDLED_PACKAGES.test(path) ? undefined : { path, external: true },
    );
  },
};

/**
 * A bundled CommonJS package that the CLI imports lazily (`await import('yaml')`) becomes a chunk of its own,
 * which esbuild gives only a default export, where Node gives such an import the package's named exports too.
 * A small ES module in between names them (read from the installed package when bundling), as Node would.
 */
const LAZY_COMMONJS_NAMESPACE = 'lazy-commonjs';

const lazyCommonJsNamedExports: Plugin = {
  name: 'lazy-commonjs-named-exports',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, ({ path, kind }) =>
      kind === 'dynamic-import' && BUNDLED_PACKAGES.test(path)
        ? { path, namespace: LAZY_COMMONJS_NAMESPACE }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: LAZY_COMMONJS_NAMESPACE }, ({ path }) => {
      const names = Object.keys(createRequire(import.meta.url)(path)).filter(
        (name) => name !== 'default' && /^[A-Za-z_$][\w$]*$/.test(name),
      );
      return {
        contents: [
          `import commonJs from ${JSON.stringify(path)};`,
          `export const { ${names.join(', ')} } = commonJs;`,
          'export default commonJs;',
        ].join('\n'),
        resolveDir: process.cwd(),
        loader: 'js',
      };
    });
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
  plugins: [lazyCommonJsNamedExports, packagesExternal],
  // node-redis and yaml, being CommonJS, require Node's modules: an ES module chunk has no `require` of its own.
  banner: {
    js: "import { createRequire as createRequireForBundledCommonJs } from 'node:module'; const require = createRequireForBundledCommonJs(import.meta.url);",
  },
  sourcemap: 'linked',
  sourcesContent: true,
  logLevel: 'warning',
} satisfies BuildOptions;

if (import.meta.url === `file://${process.argv[1]}`) await buildWithStartChunk(CLI_BUNDLE);
