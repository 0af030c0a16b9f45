import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import type { CliDefinition } from './definition.ts';
import type { ConfigFile } from './file.ts';
import { resolveSettings } from './resolve.ts';

const TOOL = {
  command: 'tool',
  section: 'mock',
  envPrefix: 'TOOL_',
  options: {
    port: { kind: 'integer', default: '4010', env: 'PORT', help: 'port' },
    'max-sessions': { kind: 'integer', help: 'sessions' },
    quiet: { kind: 'boolean', help: 'quiet' },
    origin: { kind: 'string', multiple: true, help: 'origins' },
    header: { kind: 'string', multiple: true, listSeparator: 'line', help: 'headers' },
    'api-key': { kind: 'string', multiple: true, secret: true, help: 'keys' },
    id: { kind: 'id', help: 'an id' },
    help: { kind: 'boolean', commandLineOnly: true, help: 'help' },
  },
} as const satisfies CliDefinition;

const file = (mock: Record<string, unknown>, path = 'petstore-mock.config.json'): ConfigFile => ({
  path,
  sections: { mock, conformance: {}, proxy: {} },
});

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});
function secretFile(text: string): string {
  const folder = mkdtempSync(join(tmpdir(), 'petstore-secret-'));
  folders.push(folder);
  const path = join(folder, 'secret');
  writeFileSync(path, text);
  return path;
}

describe('the settings of a command', () => {
  test.each([
    // flag,  environment, file, → value, origin
    ['5001', '5002', 5003, '5001', 'flag'],
    [undefined, '5002', 5003, '5002', 'environment'],
    [undefined, undefined, 5003, '5003', 'file'],
    [undefined, '', 5003, '5003', 'file'],
    [undefined, undefined, undefined, '4010', 'default'],
  ] as const)(
    'take the flag over the variable over the file over the default: flag %s, PORT %s, file %s',
    (flag, env, inFile, value, origin) => {
      const settings = resolveSettings(
        TOOL,
        flag === undefined ? {} : { port: flag },
        env === undefined ? {} : { PORT: env },
        file(inFile === undefined ? {} : { port: inFile }),
      );
      expect([settings.values.port, settings.origins.port]).toEqual([value, origin]);
    },
  );

  test('name the variables PREFIX + the flag in capitals, and say where a value came from', () => {
    const settings = resolveSettings(TOOL, {}, { TOOL_MAX_SESSIONS: '7' }, file({ quiet: true }));
    expect(settings.values).toMatchObject({ 'max-sessions': '7', quiet: true });
    expect(settings.label('max-sessions')).toBe('TOOL_MAX_SESSIONS');
    expect(settings.label('quiet')).toBe('"mock.quiet" in petstore-mock.config.json');
    expect(settings.label('port')).toBe('--port');
    expect(settings.values['max-sessions'] === undefined || settings.values.id).toBeUndefined();
  });

  test('read lists from a variable by commas, headers one a line, and switches as true or false', () => {
    const { values } = resolveSettings(
      TOOL,
      {},
      { TOOL_ORIGIN: 'http://a.test, http://b.test', TOOL_HEADER: 'A: 1, 2\nB: 3', TOOL_QUIET: 'yes' },
      undefined,
    );
    expect(values).toMatchObject({
      origin: ['http://a.test', 'http://b.test'],
      header: ['A: 1, 2', 'B: 3'],
      quiet: true,
    });
    expect(() => resolveSettings(TOOL, {}, { TOOL_QUIET: 'maybe' }, undefined)).toThrow(
      'TOOL_QUIET must be true or false (or 1 or 0).',
    );
  });

  test('take file values in their own types, written as the flag would take them', () => {
    const { values } = resolveSettings(
      TOOL,
      {},
      {},
      file({ port: 0, origin: ['http://a.test'], id: 9001, quiet: false }),
    );
    expect(values).toMatchObject({ port: '0', origin: ['http://a.test'], id: '9001', quiet: false });
  });

  test.each([
    [
      { prot: 1 },
      'petstore-mock.config.json: unknown key "mock.prot"; the closest valid key is "mock.port".',
    ],
    [
      { maxSessions: 1 },
      'petstore-mock.config.json: unknown key "mock.maxSessions"; the closest valid key is "mock.max-sessions".',
    ],
    [
      { help: true },
      'petstore-mock.config.json: unknown key "mock.help"; the closest valid key is "mock.port".',
    ],
    [{ port: '4010' }, 'petstore-mock.config.json: "mock.port" must be a whole number, not a string.'],
    [{ port: 4010.5 }, 'petstore-mock.config.json: "mock.port" must be a whole number, not a number.'],
    [{ quiet: 'yes' }, 'petstore-mock.config.json: "mock.quiet" must be true or false, not a string.'],
    [
      { origin: 'http://a.test' },
      'petstore-mock.config.json: "mock.origin" must be a list of strings, not a string.',
    ],
    [{ origin: [1] }, 'petstore-mock.config.json: "mock.origin" must be a list of strings, not a list.'],
    [{ id: null }, 'petstore-mock.config.json: "mock.id" must be a string or a whole number, not null.'],
  ])('refuse %j in one line naming the key, the file and the closest valid key', (section, message) => {
    expect(() => resolveSettings(TOOL, {}, {}, file(section))).toThrow(message);
  });

  test('never repeat a refused value, which may be a secret', () => {
    let message = '';
    try {
      resolveSettings(TOOL, {}, {}, file({ 'api-key': 'sk_live_in_the_file_2f9c' }));
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/"mock.api-key" must be a list of strings/);
    expect(message).not.toContain('sk_live');
  });
});

describe('a secret from the file a _FILE variable names', () => {
  test('is read without its last line break, one value a line for a list', () => {
    const path = secretFile('key-one-7f3a\nkey-two-9c1e\n');
    const { values, origins } = resolveSettings(
      TOOL,
      {},
      { TOOL_API_KEY_FILE: path },
      file({ 'api-key': ['from-file'] }),
    );
    expect([values['api-key'], origins['api-key']]).toEqual([
      ['key-one-7f3a', 'key-two-9c1e'],
      'environment',
    ]);
  });

  test('names the variable and the file when it cannot be read or is empty, never the secret', () => {
    const missing = join(tmpdir(), 'petstore-no-such-secret');
    expect(() => resolveSettings(TOOL, {}, { TOOL_API_KEY_FILE: missing }, undefined)).toThrow(
      `TOOL_API_KEY_FILE names ${missing}, which cannot be read (ENOENT).`,
    );
    const empty = secretFile('\n');
    expect(() => resolveSettings(TOOL, {}, { TOOL_API_KEY_FILE: empty }, undefined)).toThrow(
      `TOOL_API_KEY_FILE names ${empty}, which is empty.`,
    );
  });

  test('is refused beside the variable itself', () => {
    const path = secretFile('key-one-7f3a');
    expect(() =>
      resolveSettings(TOOL, {}, { TOOL_API_KEY: 'other-key-11aa', TOOL_API_KEY_FILE: path }, undefined),
    ).toThrow(/^TOOL_API_KEY and TOOL_API_KEY_FILE are both set: keep one\.$/);
  });

  test('gives way to the flag', () => {
    const { values } = resolveSettings(
      TOOL,
      { 'api-key': ['flag-key'] },
      { TOOL_API_KEY_FILE: '/nonexistent' },
      undefined,
    );
    expect(values['api-key']).toEqual(['flag-key']);
  });
});
