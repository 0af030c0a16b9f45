import { readdirSync, readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { load } from 'js-yaml';
import { describe, expect, test } from 'vitest';
import { MOCK_CLI } from '../src/cli/option-definition.ts';
import { type CliDefinition, envName, fileOptions, secretFileEnvName } from '../src/config/definition.ts';
import type { ConfigFile } from '../src/config/file.ts';
import { readSection } from '../src/config/resolve.ts';
import { DEFINITIONS } from './config-files.ts';

const root = new URL('../', import.meta.url);
const schema = JSON.parse(readFileSync(new URL('config.schema.json', root), 'utf8'));
const validate = new Ajv2020({ strict: true, allowUnionTypes: true, allErrors: true }).compile(schema);
const asFile = (document: Record<string, Record<string, unknown>>): ConfigFile => ({
  path: 'example',
  sections: {
    mock: document.mock ?? {},
    conformance: document.conformance ?? {},
    proxy: document.proxy ?? {},
  },
});

/** Every fenced block of README.md and docs/ whose info string names a config file: ```yaml petstore-mock.config.yaml */
function documentedExamples(): { where: string; document: Record<string, Record<string, unknown>> }[] {
  const pages = [
    'README.md',
    ...readdirSync(new URL('docs/', root))
      .filter((f) => f.endsWith('.md'))
      .map((f) => `docs/${f}`),
  ];
  return pages.flatMap((page) =>
    [
      ...readFileSync(new URL(page, root), 'utf8').matchAll(
        /^```(json|yaml) +(petstore-mock\.config\.\w+)\n([\s\S]*?)^```$/gm,
      ),
    ].map((match, index) => ({
      where: `${page} #${index + 1} (${match[2]})`,
      document: match[1] === 'json' ? JSON.parse(match[3] as string) : load(match[3] as string),
    })),
  );
}

describe('config.schema.json', () => {
  const examples = documentedExamples();

  test('is met by every config file example in the docs, and every command reads its section of each', () => {
    expect(examples.length).toBeGreaterThanOrEqual(3);
    for (const { where, document } of examples) {
      expect(validate(document) ? [] : validate.errors, where).toEqual([]);
      for (const definition of DEFINITIONS)
        expect(() => readSection(definition, asFile(document)), where).not.toThrow();
    }
  });

  test('refuses what the commands refuse and takes what they take, option by option', () => {
    const right = { boolean: true, string: 'x', integer: 7, number: 2.5, id: 9001 } as const;
    const wrong = { boolean: 'true', string: 7, integer: '7', number: '2.5', id: true } as const;
    for (const definition of DEFINITIONS) {
      for (const [flag, option] of fileOptions(definition)) {
        const wrap = (value: unknown) => ({
          [definition.section]: { [flag]: option.multiple ? [value] : value },
        });
        const reads = (document: Record<string, Record<string, unknown>>) => {
          try {
            readSection(definition, asFile(document));
            return true;
          } catch {
            return false;
          }
        };
        for (const [document, expected] of [
          [wrap(right[option.kind]), true],
          [wrap(wrong[option.kind]), false],
          [
            { [definition.section]: { [flag]: option.multiple ? right[option.kind] : [right[option.kind]] } },
            false,
          ],
        ] as const) {
          expect(
            [validate(document), reads(document)],
            `${definition.section}.${flag}: ${JSON.stringify(document)}`,
          ).toEqual([expected, expected]);
        }
      }
      const unknown = { [definition.section]: { 'not-an-option': 1 } };
      expect([
        validate(unknown),
        (() => {
          try {
            readSection(definition, asFile(unknown));
            return true;
          } catch {
            return false;
          }
        })(),
      ]).toEqual([false, false]);
    }
  });
});

describe('the environment variables of the three commands', () => {
  test('are unique within a command, and a name two commands share means the same option in both', () => {
    const names = DEFINITIONS.flatMap((definition: CliDefinition) =>
      Object.keys(definition.options).flatMap((flag) =>
        [envName(definition, flag), secretFileEnvName(definition, flag)]
          .filter((name): name is string => name !== undefined)
          .map((name) => ({ name, flag, command: definition.command })),
      ),
    );
    for (const definition of DEFINITIONS) {
      const own = names.filter((one) => one.command === definition.command).map((one) => one.name);
      expect(own.length, definition.command).toBe(new Set(own).size);
    }
    const shared = names.filter((one) =>
      names.some((other) => other.name === one.name && other.command !== one.command),
    );
    // The key the mock accepts and the key the suite sends: one variable for both in compose and CI.
    expect([...new Set(shared.map((one) => one.name))].sort()).toEqual([
      'PETSTORE_API_KEY',
      'PETSTORE_API_KEY_FILE',
      'PETSTORE_CONFIG',
    ]);
  });
});

describe("the README's options section", () => {
  test('describes every option of petstore-mock and links the generated table of keys and variables', () => {
    const readme = readFileSync(new URL('README.md', root), 'utf8');
    const section = readme.slice(
      readme.indexOf('## Options'),
      readme.indexOf('\n## ', readme.indexOf('## Options') + 5),
    );
    const missing = Object.keys(MOCK_CLI.options).filter(
      (flag) => !section.includes(`\`--${flag}`) && !section.includes(`, --${flag}`),
    );
    expect(missing).toEqual([]);
    expect(section).toContain('(docs/config.md)');
  });
});
