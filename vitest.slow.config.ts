import { configDefaults, defineConfig } from 'vitest/config';
import { containerTests, sharedTestOptions, slowTests } from './test/vitest-shared.ts';

// The slow legs, run by `npm test` and .ci/run after the default run: the packed tarball in consumer
// projects (Node 20 and Node 24 + msw 3), load and soak tests, the benchmark smoke run.
export default defineConfig({
  test: {
    include: slowTests,
    exclude: [...configDefaults.exclude, ...containerTests],
    // Two at a time: most of these wait on npm and git (packing, installing), and the bench's smoke run asserts
    // no figure; one at a time, the leg took 373 s of CI's 30 minutes, the bench and the installs one after another.
    maxWorkers: 2,
    testTimeout: 300_000,
    // GitHub's action schema is a JSON module its package imports without an import attribute: let Vite load it.
    server: { deps: { inline: [/@actions\//] } },
    hookTimeout: 600_000,
    ...sharedTestOptions('slow', ['test/support/pack.ts']),
  },
});
