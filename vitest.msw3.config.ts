import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * The msw 3 leg (scripts/msw3-leg.sh): the MSW tests again, on Node 24, with `msw` resolved to msw 3 from
 * .cache/msw3 instead of the msw 2 the project develops with.
 */
const msw3 = fileURLToPath(new URL('./.cache/msw3/node_modules/msw', import.meta.url));

const { exports } = JSON.parse(readFileSync(`${msw3}/package.json`, 'utf8')) as {
  exports: Record<string, string | { default: string }>;
};
/** `msw`, `msw/node`, `msw/browser`… each to msw 3's own file, as its exports map says. */
const alias = ['.', './node', './browser'].map((subpath) => {
  const target = exports[subpath];
  const file = typeof target === 'string' ? target : target?.default;
  return { find: new RegExp(`^msw${subpath.slice(1).replace('/', '\\/')}$`), replacement: `${msw3}/${file}` };
});

export default defineConfig({
  resolve: { alias },
  test: {
    include: ['src/msw/**/*.test.ts', 'src/mock/scenarios.test.ts'],
    // The browser test bundles the app with esbuild, which does not see Vite's aliases: it reads this.
    env: { PETSTORE_MSW_DIR: msw3 },
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
