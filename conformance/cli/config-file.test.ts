import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../test-support/cli.ts';
import { serverPool } from '../test-support/pool.ts';
import type { TargetOptions } from '../test-support/target.ts';

const { target } = serverPool();
const dir = tempDir('conformance-config-');
const acceptsAnyone: TargetOptions = { credentials: () => 'ok' };
const KEY = 'sk_test_conformance_config_3e9a71';

const config = (document: unknown, name = 'petstore-mock.config.json') =>
  writeFile(join(dir.path, name), typeof document === 'string' ? document : JSON.stringify(document));
afterEach(async () => {
  for (const name of ['petstore-mock.config.json', 'petstore-mock.config.yaml', 'reports']) {
    await rm(join(dir.path, name), { recursive: true, force: true });
  }
});

describe('petstore-conformance with a config file', () => {
  it('reads its target, key and reports from the "conformance" section; the key appears in no output', async () => {
    const baseUrl = await target(acceptsAnyone);
    const output = join(dir.path, 'reports');
    await config(
      `conformance:\n  base-url: ${baseUrl}\n  api-key: ${KEY}\n  reporter: [pretty, json]\n  output: ${output}\n  only: [orders.list]\n`,
      'petstore-mock.config.yaml',
    );
    const run = await runCli([], {}, false, dir.path);
    expect(run.code, run.all).toBe(0);
    expect(run.stdout).toContain('PASS must   orders.list');
    expect(run.stdout).toContain('API key: given (redacted in every report)');
    const report = await readFile(join(output, 'conformance.json'), 'utf8');
    expect(`${run.all}${report}`).not.toContain(KEY);
  });

  it('takes a flag over the file, and the credential from the highest level that gives one', async () => {
    const baseUrl = await target(acceptsAnyone);
    await config({
      conformance: { 'base-url': 'http://127.0.0.1:9/v1', 'token-command': 'exit 3', only: ['orders.list'] },
    });
    const run = await runCli(['--base-url', baseUrl], { PETSTORE_API_KEY: KEY }, false, dir.path);
    expect(run.code, run.all).toBe(0);
    expect(run.stdout).toContain('API key: given');
    expect(run.all).not.toContain(KEY);
  });

  it.each([
    [
      { conformance: { 'base-ulr': 'http://x/v1' } },
      [],
      'petstore-mock.config.json: unknown key "conformance.base-ulr"; the closest valid key is "conformance.base-url".',
    ],
    [
      { conformance: { strict: 'yes' } },
      [],
      'petstore-mock.config.json: "conformance.strict" must be true or false, not a string.',
    ],
    [
      { conformance: { 'api-key': 42 } },
      [],
      'petstore-mock.config.json: "conformance.api-key" must be a string, not a whole number.',
    ],
    [{}, ['--config', 'absent.yaml'], '--config absent.yaml: the config file cannot be read (ENOENT).'],
  ])(
    'refuses %j %j with exit 2 and one line naming the key and the file',
    async (document, args, message) => {
      await config(document);
      const run = await runCli(args, {}, false, dir.path);
      expect([run.code, run.stdout, run.stderr.split('\n')[0]]).toEqual([
        2,
        '',
        `petstore-conformance: ${message}`,
      ]);
    },
  );

  it("does not read the mock's section: a mistake there is the mock's to report", async () => {
    const baseUrl = await target(acceptsAnyone);
    await config({ mock: { prot: 1 }, conformance: { 'base-url': baseUrl, only: ['orders.list'] } });
    expect((await runCli(['--api-key', KEY], {}, false, dir.path)).code).toBe(0);
  });
});
