import { configDefaults, defineConfig } from 'vitest/config';
import { containerTests, sharedTestOptions } from './test/vitest-shared.ts';

// The container leg (scripts/container/leg.sh, run by .ci/run): builds the root Dockerfile with buildah on a
// local Node base and runs the image's entrypoint. Kept out of `npm test`: it needs buildah and debootstrap.
export default defineConfig({
  test: {
    include: containerTests,
    exclude: [...configDefaults.exclude],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 600_000,
    ...sharedTestOptions('container'),
  },
});
