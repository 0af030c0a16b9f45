// Prints "N passed, N failed" summed over vitest JSON reports, and exits non-zero when anything failed:
// a failed test, a test file that did not load, a missing report, or a failing step outside vitest ($STATUS).
import { existsSync, readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
for (const file of process.argv.slice(2)) {
  if (!existsSync(file)) {
    console.error(`${file}: no report (that leg did not run)`);
    failed += 1;
    continue;
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  // A file that failed to load, or an error outside any test, fails no test but fails the run.
  const brokenFiles = report.testResults.filter(
    (result) =>
      result.status === 'failed' && result.assertionResults.every((test) => test.status !== 'failed'),
  );
  failed += brokenFiles.length;
  if (!report.success && report.numFailedTests === 0 && brokenFiles.length === 0) failed += 1;
}
// A failing typecheck or lint (or npm itself) counts once when no test accounts for it.
if (process.env.STATUS !== '0' && failed === 0) failed = 1;
console.log(`${passed} passed, ${failed} failed`);
process.exitCode = failed > 0 ? 1 : 0;
