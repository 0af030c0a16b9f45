import { build } from 'esbuild';
import { describe, expect, test } from 'vitest';
import { CONFORMANCE_CLI_BUNDLE } from './bundle-conformance-cli.ts';
import { reached } from './bundle-reach.ts';
import { esbuildOptions } from './start-chunk.ts';

describe("the conformance CLI bundle's chunks", () => {
  test('keep the proxy, grade, explore, --har and OAuth (and their packages) off the path of a run of the checks', async () => {
    const { metafile } = await build({
      ...esbuildOptions(CONFORMANCE_CLI_BUNDLE),
      write: false,
      metafile: true,
      sourcemap: false,
      logLevel: 'silent',
    });
    const outputs = metafile.outputs;
    const entry = Object.keys(outputs).find((file) => outputs[file]?.entryPoint === 'conformance/cli.ts');
    // A run of the checks: the entry, then the command it loads (conformance/cli/main.ts) and what that imports.
    const command = Object.keys(outputs).find(
      (file) => 'conformance/cli/main.ts' in (outputs[file]?.inputs ?? {}),
    );
    expect(entry).toBeDefined();
    expect(command).toBeDefined();
    const run = reached(outputs, [entry as string, command as string], false);
    const optional = ['undici', 'fast-check', 'oauth4webapi', 'js-yaml', 'write-file-atomic'];
    const isOptionalSource = (file: string) =>
      file.startsWith('conformance/proxy/') ||
      file.startsWith('conformance/har/') ||
      file === 'conformance/explore/explore.ts' ||
      file === 'conformance/output/har.ts';

    expect(run.packages.filter((name) => optional.includes(name))).toEqual([]);
    expect(run.sources.filter(isOptionalSource)).toEqual([]);
    expect(run.sources).toEqual(
      expect.arrayContaining(['conformance/run/runner.ts', 'conformance/checks/index.ts']),
    );
    // Not vacuous: the proxy, grade, --explore and --har do load them.
    const all = reached(outputs, entry as string, true);
    expect(all.packages).toEqual(
      expect.arrayContaining(['undici', 'fast-check', 'write-file-atomic', 'oauth4webapi']),
    );
    expect(all.sources).toEqual(
      expect.arrayContaining([
        'conformance/proxy/cli.ts',
        'conformance/har/cli.ts',
        'conformance/explore/explore.ts',
      ]),
    );
  });
});
