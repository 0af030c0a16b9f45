/**
 * One definition per command line: each option's flag, the kind of value it takes and its help. The parseArgs
 * configuration, the environment variable names, the config file's JSON Schema, the option lines of --help and
 * the table in docs/config.md are all derived from it, so a new option is written down once.
 */

/** What a value is: decides its type in the config file and how a variable's text is read. */
export type ValueKind = 'string' | 'integer' | 'number' | 'boolean' | 'id';

export interface OptionDefinition {
  readonly kind: ValueKind;
  /** Repeatable: a list in the file, several values in one variable. */
  readonly multiple?: boolean;
  /** The value when neither flag, variable nor file gives one, written as the flag would take it. */
  readonly default?: string | boolean;
  /** The value's placeholder in --help: `N`, `URL`, `D`. */
  readonly value?: string;
  /** The help text, one paragraph: wrapped for --help, a table cell in the docs. */
  readonly help: string;
  /** Where --help lists it (the command's usage text names its groups); default `options`. */
  readonly group?: string;
  readonly short?: string;
  /** The variable's name where it is not the derived PREFIX + FLAG (a name users already set: PORT). */
  readonly env?: string;
  /** A key, a client secret or a URL that may hold a password: also read from the file `<VARIABLE>_FILE` names. */
  readonly secret?: boolean;
  /** How one variable holds a list: comma-separated (default), by commas or white space, or a value a line. */
  readonly listSeparator?: 'comma' | 'comma-or-space' | 'line';
  /** A flag of the command line alone (--help, --version, --config): no config key, no variable. */
  readonly commandLineOnly?: boolean;
}

export type ConfigSection = 'mock' | 'conformance' | 'proxy';

export interface CliDefinition {
  /** As the user types it: `petstore-mock`, `petstore-conformance proxy`. */
  readonly command: string;
  /** The config file's section this command reads. */
  readonly section: ConfigSection;
  /** Variables are PREFIX + the flag in upper snake case: PETSTORE_ + max-sessions = PETSTORE_MAX_SESSIONS. */
  readonly envPrefix: string;
  readonly options: Readonly<Record<string, OptionDefinition>>;
}

/** The file and the variable that name the config file, the same for every command. */
export const CONFIG_OPTION = {
  kind: 'string',
  value: 'PATH',
  env: 'PETSTORE_CONFIG',
  help: 'read the settings from this file (JSON or YAML) instead of petstore-mock.config.json or .yaml in the working folder; docs/config.md',
  commandLineOnly: true,
} as const satisfies OptionDefinition;

type ValueOf<O extends OptionDefinition> = O['kind'] extends 'boolean'
  ? boolean
  : O['multiple'] extends true
    ? string[]
    : string;

/**
 * The resolved values as the command reads them, typed from its definition: strings as a flag gives them
 * (the command checks their form), booleans, lists; `undefined` where nothing gave one and there is no default.
 */
export type ResolvedValues<D extends CliDefinition> = {
  -readonly [K in keyof D['options']]: D['options'][K] extends { default: string | boolean }
    ? ValueOf<D['options'][K]>
    : ValueOf<D['options'][K]> | undefined;
};

/** The variable an option is read from, or undefined for a flag of the command line alone. */
export function envName(definition: CliDefinition, flag: string): string | undefined {
  const option = definition.options[flag];
  if (option?.env !== undefined) return option.env;
  if (option === undefined || option.commandLineOnly) return undefined;
  return `${definition.envPrefix}${flag.replace(/-/g, '_').toUpperCase()}`;
}

/** The variable naming a file that holds a secret option's value (`PETSTORE_API_KEY_FILE`). */
export function secretFileEnvName(definition: CliDefinition, flag: string): string | undefined {
  const name = envName(definition, flag);
  return definition.options[flag]?.secret && name ? `${name}_FILE` : undefined;
}

/** The options a config file may set: every option but those of the command line alone. */
export function fileOptions(definition: CliDefinition): [string, OptionDefinition][] {
  return Object.entries(definition.options).filter(([, option]) => !option.commandLineOnly);
}

/**
 * node:util parseArgs' options: every value is read as the command line writes it (strings), and no default is
 * given there, so that the settings can tell an option not given from one given with its default.
 */
export function parseArgsOptions<D extends CliDefinition>(definition: D) {
  return Object.fromEntries(
    Object.entries(definition.options).map(([flag, option]) => [
      flag,
      {
        type: option.kind === 'boolean' ? 'boolean' : 'string',
        ...(option.multiple ? { multiple: true } : {}),
        ...(option.short ? { short: option.short } : {}),
      },
    ]),
  ) as { [K in keyof D['options']]: ParseArgsOption<D['options'][K]> };
}

type ParseArgsOption<O extends OptionDefinition> = {
  type: O['kind'] extends 'boolean' ? 'boolean' : 'string';
  multiple: O['multiple'] extends true ? true : false;
  short?: string;
};
