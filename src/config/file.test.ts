import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { findConfigFile } from './file.ts';

let folder: string;
beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'petstore-config-'));
});
afterEach(() => rmSync(folder, { recursive: true, force: true }));

const write = (name: string, text: string) => writeFileSync(join(folder, name), text);
const find = (argv: string[] = [], env: Record<string, string> = {}) => findConfigFile(argv, env, folder);
const refusal = async (argv: string[] = [], env: Record<string, string> = {}) =>
  find(argv, env).then(
    () => 'read',
    (error: Error) => error.message,
  );

describe('the config file', () => {
  test('is petstore-mock.config.json in the working folder, its sections read as written', async () => {
    write('petstore-mock.config.json', '{"$schema": "x", "mock": {"port": 5000}, "proxy": {"port": 5001}}');
    expect(await find()).toEqual({
      path: 'petstore-mock.config.json',
      sections: { mock: { port: 5000 }, conformance: {}, proxy: { port: 5001 } },
    });
  });

  test('may be YAML (.yaml or .yml) with the same sections, values in their YAML types', async () => {
    write(
      'petstore-mock.config.yaml',
      'mock:\n  port: 5000\n  quiet: true\n  pets-sunset: 2027-07-01T00:00:00Z\nconformance:\n',
    );
    expect(await find()).toEqual({
      path: 'petstore-mock.config.yaml',
      sections: {
        mock: { port: 5000, quiet: true, 'pets-sunset': '2027-07-01T00:00:00Z' },
        conformance: {},
        proxy: {},
      },
    });
    rmSync(join(folder, 'petstore-mock.config.yaml'));
    write('petstore-mock.config.yml', 'proxy: {port: 5001}');
    expect((await find())?.sections.proxy).toEqual({ port: 5001 });
  });

  test('is none when the folder has none and none is named', async () => {
    expect(await find()).toBeUndefined();
  });

  test('is the one --config or PETSTORE_CONFIG names instead, the flag first', async () => {
    write('petstore-mock.config.json', '{"mock": {"port": 1}}');
    write('ci.yaml', 'mock: {port: 2}');
    write('other.json', '{"mock": {"port": 3}}');
    expect((await find(['--config', 'ci.yaml']))?.sections.mock).toEqual({ port: 2 });
    expect((await find([`--config=${join(folder, 'ci.yaml')}`]))?.sections.mock).toEqual({ port: 2 });
    expect((await find([], { PETSTORE_CONFIG: 'other.json' }))?.sections.mock).toEqual({ port: 3 });
    expect((await find(['--config', 'ci.yaml'], { PETSTORE_CONFIG: 'other.json' }))?.path).toBe('ci.yaml');
    // After `--`, a word is not an option.
    expect((await find(['--', '--config', 'ci.yaml']))?.path).toBe('petstore-mock.config.json');
  });

  test.each([
    [['--config', 'missing.json'], {}, '--config missing.json: the config file cannot be read (ENOENT).'],
    [
      [],
      { PETSTORE_CONFIG: 'gone.yaml' },
      'PETSTORE_CONFIG gone.yaml: the config file cannot be read (ENOENT).',
    ],
    [['--config'], {}, '--config needs a file path.'],
    [['--config='], {}, '--config needs a file path.'],
  ])('refuses %j %j, naming the file', async (argv, env, message) => {
    expect(await refusal(argv, env)).toBe(message);
  });

  test.each([
    [
      'petstore-mock.config.json',
      '{"moc": {}}',
      'petstore-mock.config.json: unknown key "moc"; the closest valid key is "mock".',
    ],
    ['petstore-mock.config.json', '{"mock": []}', 'petstore-mock.config.json: "mock" must be an object.'],
    [
      'petstore-mock.config.json',
      '[1]',
      'petstore-mock.config.json: the config file must be an object with the sections mock, conformance, proxy.',
    ],
    [
      'petstore-mock.config.json',
      '{"mock": {"port": 1,}}',
      /^petstore-mock\.config\.json: not valid JSON \(.+\)\.$/,
    ],
    [
      'petstore-mock.config.yaml',
      'mock:\n  port: 1\n  port: 2\n',
      /^petstore-mock\.config\.yaml: not valid YAML at line 3 \(duplicated mapping key\)\.$/,
    ],
    [
      'petstore-mock.config.yaml',
      'mock:\n  - [\n',
      /^petstore-mock\.config\.yaml: not valid YAML at line \d \(.+\)\.$/,
    ],
  ])('refuses %s holding %j in one line', async (name, text, message) => {
    write(name, text);
    expect(await refusal()).toMatch(message);
  });

  test('refuses two files in one folder: which one wins would be a guess', async () => {
    write('petstore-mock.config.json', '{}');
    write('petstore-mock.config.yaml', '{}');
    expect(await refusal()).toBe(
      `petstore-mock.config.json and petstore-mock.config.yaml are both in ${folder}: keep one.`,
    );
  });
});
