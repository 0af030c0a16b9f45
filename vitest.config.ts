import { configDefaults, defineConfig } from 'vitest/config';
import { sharedTestOptions, slowTests } from './test/vitest-shared.ts';

// The default run (`npx vitest run`): unit, HTTP, MSW, CLI and page tests. It must stay within 150 s on a
// 2-core machine; anything slower goes to vitest.slow.config.ts (see CONTRIBUTING.md).
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'conformance/**/*.test.ts', 'scripts/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...slowTests],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    ...sharedTestOptions('fast'),
  },
});
