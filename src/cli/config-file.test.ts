import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { listening, listOrders, run, runToEnd, startWith } from '../test-support/cli-run.ts';
import { parseCli } from './options.ts';

let folder: string;
beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'petstore-mock-config-'));
});
afterEach(() => rmSync(folder, { recursive: true, force: true }));
const write = (name: string, text: string) => {
  writeFileSync(join(folder, name), text);
  return join(folder, name);
};

const KEY = 'sk_test_from_the_config_file_8d41';

describe('petstore-mock with a config file', () => {
  test.each([
    // --port, PORT, "mock.port" in the file → the port
    [['--port', '5001'], { PORT: '5002' }, { port: 5003 }, 5001],
    [[], { PORT: '5002' }, { port: 5003 }, 5002],
    [[], {}, { port: 5003 }, 5003],
    [[], {}, {}, 4010],
  ])(
    'takes the flag over the environment over the file over the default: %j %j %j',
    (argv, env, mock, port) => {
      const command = parseCli(argv, env, {
        path: 'petstore-mock.config.json',
        sections: { mock, conformance: {}, proxy: {} },
      });
      expect(command.kind === 'serve' && command.options.port).toBe(port);
    },
  );

  test('serves with the settings of petstore-mock.config.yaml in its working folder; a flag wins over them', async () => {
    write('petstore-mock.config.yaml', `mock:\n  port: 0\n  api-key: [${KEY}]\n  log-format: json\n`);
    const mock = await listening(run([], {}, folder));
    expect(new URL(mock.baseUrl).port).not.toBe('4010');
    expect((await listOrders(mock.baseUrl, KEY)).status).toBe(200);
    expect((await listOrders(mock.baseUrl)).status).toBe(401);
    expect(JSON.parse(mock.stdout().split('\n')[0] as string)).toMatchObject({
      event: 'listening',
      apiKeyCount: 1,
    });
    expect(`${mock.stdout()}${mock.stderr()}`).not.toContain(KEY);
    const flagged = await startWith(['--api-key', 'flag-key-5c2e'], {}, folder);
    expect((await listOrders(flagged.baseUrl, KEY)).status).toBe(401);
    expect((await listOrders(flagged.baseUrl, 'flag-key-5c2e')).status).toBe(200);
  });

  test('reads the file --config names, JSON or YAML, wherever it is', async () => {
    const path = write('ci.json', JSON.stringify({ mock: { 'api-key': [KEY] } }));
    const mock = await startWith(['--config', path], {});
    expect((await listOrders(mock.baseUrl, KEY)).status).toBe(200);
  });

  test.each([
    [
      'petstore-mock.config.json',
      '{"mock": {"prot": 4010}}',
      [],
      'petstore-mock: petstore-mock.config.json: unknown key "mock.prot"; the closest valid key is "mock.port".',
    ],
    [
      'petstore-mock.config.yaml',
      'mock:\n  latncy: 300ms\n',
      [],
      'petstore-mock: petstore-mock.config.yaml: unknown key "mock.latncy"; the closest valid key is "mock.latency".',
    ],
    [
      'petstore-mock.config.yaml',
      'mock:\n  port: "4010"\n',
      [],
      'petstore-mock: petstore-mock.config.yaml: "mock.port" must be a whole number, not a string.',
    ],
    [
      'petstore-mock.config.yaml',
      'mock:\n  port: 70000\n',
      [],
      'petstore-mock: "mock.port" in petstore-mock.config.yaml must be a whole number from 0 to 65535, not "70000".',
    ],
    [
      'petstore-mock.config.yaml',
      'mocks: {}\n',
      [],
      'petstore-mock: petstore-mock.config.yaml: unknown key "mocks"; the closest valid key is "mock".',
    ],
    [
      'petstore-mock.config.json',
      '{}',
      ['--config', 'nowhere.yaml'],
      'petstore-mock: --config nowhere.yaml: the config file cannot be read (ENOENT).',
    ],
  ])(
    'refuses %s holding %j (args %j) with exit 2 and one line naming the key and the file',
    async (name, text, argv, message) => {
      write(name, text);
      expect(await runToEnd(argv, {}, folder)).toEqual({ code: 2, stdout: '', stderr: `${message}\n` });
    },
  );

  test('answers --help and --version whatever the file holds', async () => {
    write('petstore-mock.config.json', '{"mock": {"prot": 1}}');
    expect((await runToEnd(['--help'], {}, folder)).code).toBe(0);
    expect((await runToEnd(['--version'], {}, folder)).code).toBe(0);
  });
});

describe('petstore-mock secrets from files (_FILE variables)', () => {
  test('PETSTORE_API_KEY_FILE gives the keys, one a line; the key is never printed, not even in the JSON log', async () => {
    const path = write('key', `${KEY}\nsecond-key-0b7d\n`);
    const mock = await startWith(['--log-format', 'json'], { PETSTORE_API_KEY_FILE: path });
    expect((await listOrders(mock.baseUrl, KEY)).status).toBe(200);
    expect((await listOrders(mock.baseUrl, 'second-key-0b7d')).status).toBe(200);
    expect(`${mock.stdout()}${mock.stderr()}`).not.toMatch(/sk_test|second-key/);
  });

  test('a _FILE variable naming a missing file is exit 2 naming the variable; a bad secret is named by where it came from, never shown', async () => {
    const missing = join(folder, 'absent');
    expect(await runToEnd([], { PETSTORE_API_KEY_FILE: missing }, folder)).toEqual({
      code: 2,
      stdout: '',
      stderr: `petstore-mock: PETSTORE_API_KEY_FILE names ${missing}, which cannot be read (ENOENT).\n`,
    });
    const clients = write('clients', 'ci-no-secret');
    const refused = await runToEnd([], { PETSTORE_OAUTH_CLIENTS_FILE: clients }, folder);
    expect([refused.code, refused.stderr]).toEqual([
      2,
      'petstore-mock: PETSTORE_OAUTH_CLIENTS_FILE takes ID:SECRET, such as ci:s3cret (the value given is not shown).\n',
    ]);
    write('petstore-mock.config.yaml', `mock:\n  api-key: ["${KEY} with a space"]\n`);
    const inFile = await runToEnd([], {}, folder);
    expect(inFile.code).toBe(2);
    expect(inFile.stderr).toMatch(
      /^petstore-mock: "mock\.api-key" in petstore-mock\.config\.yaml must be an RFC 6750 token/,
    );
    expect(inFile.stderr).not.toContain(KEY);
  });

  test('PETSTORE_STORE_FILE holds a Redis URL with its password, which a refusal does not show', async () => {
    const path = write('store', 'redis://:pa55word@127.0.0.1:6379/0\n');
    const command = parseCli([], { PETSTORE_STORE_FILE: path });
    expect(command.kind === 'serve' && command.options.store).toBe('redis://:pa55word@127.0.0.1:6379/0');
    const wrong = write('wrong-store', 'rediss//:pa55word@127.0.0.1:6379/0');
    expect(await runToEnd([], { PETSTORE_STORE_FILE: wrong }, folder)).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'petstore-mock: PETSTORE_STORE_FILE must be memory or redis://HOST:PORT/DB (the value given is not shown).\n',
    });
  });

  test('a value of the right type that an option refuses is named by its key and file', async () => {
    write('petstore-mock.config.yaml', 'mock:\n  latency: fast\n');
    expect((await runToEnd([], {}, folder)).stderr).toBe(
      'petstore-mock: "mock.latency" in petstore-mock.config.yaml must be a delay such as 300ms or a range such as 100ms-800ms (at most 60s), not "fast".\n',
    );
  });
});

describe('petstore-mock health with a config file', () => {
  test('asks the port the config file in its working folder gives the mock', async () => {
    const mock = await startWith([], {});
    write(
      'petstore-mock.config.json',
      JSON.stringify({ mock: { port: Number(new URL(mock.baseUrl).port) } }),
    );
    const healthy = await runToEnd(['health'], {}, folder);
    expect([healthy.code, healthy.stdout]).toEqual([0, expect.stringContaining(`ready: petstore-mock`)]);
  });
});
