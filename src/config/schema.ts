import {
  type CliDefinition,
  envName,
  fileOptions,
  type OptionDefinition,
  secretFileEnvName,
} from './definition.ts';
import { SECTIONS } from './file.ts';

type Schema = Record<string, unknown>;

/**
 * The config file's JSON Schema, one section per command, each closed (a key no option has is refused, as the
 * commands refuse it). `npm run generate` writes it to config.schema.json; the package exports it as
 * `petstore-mock/config.schema.json`.
 */
export function configSchema(definitions: readonly CliDefinition[]): Schema {
  const properties: Record<string, Schema> = {
    $schema: {
      type: 'string',
      description: 'This schema, for editors: ./node_modules/petstore-mock/config.schema.json',
    },
  };
  for (const section of SECTIONS) {
    const definition = definitions.find((one) => one.section === section);
    if (!definition) throw new Error(`no command reads the "${section}" section`);
    properties[section] = sectionSchema(definition);
  }
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: 'petstore-mock.config.json',
    description:
      "Settings of petstore-mock, petstore-conformance and its proxy. A flag wins over its environment variable, which wins over this file. Derived from the commands' option definitions by npm run generate.",
    type: 'object',
    properties,
    additionalProperties: false,
  };
}

function sectionSchema(definition: CliDefinition): Schema {
  return {
    type: 'object',
    description: `The settings of ${definition.command}.`,
    properties: Object.fromEntries(
      fileOptions(definition).map(([flag, option]) => [flag, optionSchema(definition, flag, option)]),
    ),
    additionalProperties: false,
  };
}

function optionSchema(definition: CliDefinition, flag: string, option: OptionDefinition): Schema {
  const one: Schema = {
    boolean: { type: 'boolean' },
    string: { type: 'string' },
    integer: { type: 'integer' },
    number: { type: 'number' },
    id: { type: ['string', 'integer'] },
  }[option.kind];
  const secretFile = secretFileEnvName(definition, flag);
  const description = `${option.help} (--${flag}, ${envName(definition, flag)}${secretFile ? ` or ${secretFile}` : ''})`;
  const typed = option.multiple ? { type: 'array', items: one } : one;
  const fallback = option.default === undefined ? {} : { default: defaultValue(option) };
  return { ...typed, description, ...fallback };
}

/** The default in the file's type: the definition writes it as a flag would. */
function defaultValue(option: OptionDefinition): unknown {
  const text = option.default;
  if (typeof text === 'boolean' || text === undefined) return text;
  if (option.kind === 'integer' || option.kind === 'number') return Number(text);
  return option.multiple ? [text] : text;
}
