import type { ViteUserConfig } from 'vitest/config';

type TestOptions = NonNullable<ViteUserConfig['test']>;

/**
 * What both test configurations share. `PETSTORE_REPORTS=<dir>` (set by .ci/run) adds vitest's JSON report
 * as `<dir>/<leg>.json`, from which CI sums one "N passed, N failed" line over every leg.
 */
export function sharedTestOptions(leg: string, globalSetup: string[] = []): TestOptions {
  const reports = process.env.PETSTORE_REPORTS;
  return {
    globalSetup: ['test/ci-requirements.ts', ...globalSetup],
    ...(reports ? { reporters: ['default', 'json'], outputFile: { json: `${reports}/${leg}.json` } } : {}),
  };
}

/** The slow legs, kept out of the default `npx vitest run`: packing and installing, Node 24, load, bench. */
export const slowTests = ['test/**/*.test.ts', '**/*.slow.test.ts', 'scripts/bench.test.ts'];

/** The container leg (scripts/container/leg.sh): the image built and run with buildah; in neither run above. */
export const containerTests = ['test/container/**/*.test.ts'];
