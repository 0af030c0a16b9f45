import * as jsYaml from 'js-yaml';
import { describe, expect, test } from 'vitest';
import { parseYamlWith, YamlSyntaxError } from './yaml.ts';

describe('parseYamlWith', () => {
  test("reads YAML 1.2's core types: a date and `yes` stay strings, as the generators read the specs", () => {
    expect(parseYamlWith(jsYaml, 'sunset: 2026-06-30\nanswer: yes\nport: 0o17\nnothing: ~\n')).toEqual({
      sunset: '2026-06-30',
      answer: 'yes',
      port: 15,
      nothing: null,
    });
  });

  test('says why a document does not parse and at which line, counted from 1', () => {
    let thrown: unknown;
    try {
      parseYamlWith(jsYaml, 'mock:\n  port: 1\n  port: 2\n');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(YamlSyntaxError);
    expect(thrown).toMatchObject({ reason: 'duplicated mapping key', line: 3 });
    expect((thrown as Error).message).toBe('duplicated mapping key at line 3');
  });
});
