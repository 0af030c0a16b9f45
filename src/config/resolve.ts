import { readFileSync } from 'node:fs';
import { closest } from './closest.ts';
import { ConfigError } from './config-error.ts';
import {
  type CliDefinition,
  envName,
  fileOptions,
  type OptionDefinition,
  type ResolvedValues,
  secretFileEnvName,
} from './definition.ts';
import type { ConfigFile, Environment } from './file.ts';

/** Where a value came from, highest precedence first. */
export type Origin = 'flag' | 'environment' | 'file' | 'default';

export interface Settings<D extends CliDefinition> {
  readonly values: ResolvedValues<D>;
  /** Where each value given came from; a flag with no value anywhere is absent. */
  readonly origins: Readonly<Partial<Record<keyof D['options'], Origin>>>;
  /** How a message names the setting that gave the value: `--port`, `PORT`, `"mock.port" in FILE`. */
  label(flag: keyof D['options'] & string): string;
}

type Value = string | boolean | string[];

/**
 * Each option's value: the flag, else its environment variable (or, for a secret, the file its `_FILE`
 * variable names), else the config file's section, else the default. `flags` are parseArgs' values, read
 * without defaults; `only` limits the work to some options (no secret file is read for others). Throws
 * ConfigError naming the key or the variable, never a value.
 */
export function resolveSettings<D extends CliDefinition>(
  definition: D,
  flags: Readonly<Record<string, Value | undefined>>,
  env: Environment,
  file: ConfigFile | undefined,
  only?: readonly (keyof D['options'])[],
): Settings<D> {
  const section = file ? readSection(definition, file) : {};
  const values: Record<string, Value | undefined> = {};
  const origins: Record<string, Origin> = {};
  const variables: Record<string, string> = {};
  for (const [flag, option] of Object.entries(definition.options)) {
    if (only && !only.includes(flag)) continue;
    // The variable is read only when no flag is given: a secret file the flag overrides is never opened.
    const fromFlag = flags[flag];
    const [fromEnv, variable] =
      fromFlag !== undefined || option.commandLineOnly ? [] : environmentValue(definition, flag, option, env);
    if (variable !== undefined) variables[flag] = variable;
    const [value, origin] =
      fromFlag !== undefined
        ? [fromFlag, 'flag' as const]
        : fromEnv !== undefined
          ? [fromEnv, 'environment' as const]
          : section[flag] !== undefined
            ? [section[flag], 'file' as const]
            : [option.default, 'default' as const];
    values[flag] = value;
    if (value !== undefined) origins[flag] = origin;
  }
  const label = (flag: string) => {
    const origin = origins[flag];
    if (origin === 'environment') return variables[flag] as string;
    if (origin === 'file') return `"${definition.section}.${flag}" in ${file?.path}`;
    return `--${flag}`;
  };
  return { values: values as ResolvedValues<D>, origins: origins as Settings<D>['origins'], label };
}

/**
 * This command's section of the file, each value turned into the text a flag would give: a wrong key is
 * named with the closest valid one, a wrong type with the type it must have.
 */
export function readSection(definition: CliDefinition, file: ConfigFile): Record<string, Value> {
  const valid = fileOptions(definition);
  const keys = valid.map(([flag]) => flag);
  const read: Record<string, Value> = {};
  for (const [key, value] of Object.entries(file.sections[definition.section])) {
    const name = `${definition.section}.${key}`;
    const option = valid.find(([flag]) => flag === key)?.[1];
    if (option === undefined) {
      const nearest = closest(key, keys);
      throw new ConfigError(
        `${file.path}: unknown key ${JSON.stringify(name)}; the closest valid key is ${JSON.stringify(`${definition.section}.${nearest}`)}.`,
      );
    }
    const converted = fromFile(option, value);
    if (converted === undefined) {
      throw new ConfigError(
        `${file.path}: ${JSON.stringify(name)} must be ${typeName(option)}, not ${describe(value)}.`,
      );
    }
    read[key] = converted;
  }
  return read;
}

function fromFile(option: OptionDefinition, value: unknown): Value | undefined {
  if (option.multiple) {
    if (!Array.isArray(value)) return undefined;
    const items = value.map((item) => scalar(option, item));
    return items.every((item) => typeof item === 'string') ? (items as string[]) : undefined;
  }
  return scalar(option, value);
}

function scalar(option: OptionDefinition, value: unknown): Value | undefined {
  switch (option.kind) {
    case 'boolean':
      return typeof value === 'boolean' ? value : undefined;
    case 'string':
      return typeof value === 'string' ? value : undefined;
    case 'integer':
      return Number.isSafeInteger(value) ? String(value) : undefined;
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? String(value) : undefined;
    case 'id':
      return typeof value === 'string' || Number.isSafeInteger(value) ? String(value) : undefined;
  }
}

/** The type an option takes in the file, in words. */
export function typeName(option: OptionDefinition): string {
  const one = {
    boolean: 'true or false',
    string: 'a string',
    integer: 'a whole number',
    number: 'a number',
    id: 'a string or a whole number',
  }[option.kind];
  return option.multiple ? `a list of ${one.replace(/^an? /, '').replace('string', 'strings')}` : one;
}

/** What was found instead, without the value itself (it may be a secret). */
function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'number') return Number.isInteger(value) ? 'a whole number' : 'a number';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/**
 * The variable's value read as the flag would be, and the variable it came from; an empty variable counts as
 * unset, as `${PORT:-4010}` does.
 */
function environmentValue(
  definition: CliDefinition,
  flag: string,
  option: OptionDefinition,
  env: Environment,
): [Value, string] | [] {
  const name = envName(definition, flag) as string;
  const fileName = secretFileEnvName(definition, flag);
  const direct = env[name] || undefined;
  const path = fileName ? env[fileName] || undefined : undefined;
  if (direct !== undefined && path !== undefined) {
    throw new ConfigError(`${name} and ${fileName} are both set: keep one.`);
  }
  if (path !== undefined) {
    return [
      fromText(option, readSecretFile(fileName as string, path), fileName as string, true),
      fileName as string,
    ];
  }
  return direct === undefined ? [] : [fromText(option, direct, name, false), name];
}

function fromText(option: OptionDefinition, text: string, name: string, fromFile: boolean): Value {
  if (option.kind === 'boolean') {
    if (/^(1|true|yes|on)$/i.test(text)) return true;
    if (/^(0|false|no|off)$/i.test(text)) return false;
    throw new ConfigError(`${name} must be true or false (or 1 or 0).`);
  }
  if (!option.multiple) return text;
  // A secret file may hold a value a line. A variable's values are trimmed of spaces only: a stray line break
  // is refused by the option's own check rather than dropped unseen.
  if (option.listSeparator === 'line') return text.split(/\r?\n/).filter((item) => item.trim() !== '');
  if (fromFile || option.listSeparator === 'comma-or-space') return text.split(/[\s,]+/).filter(Boolean);
  return text
    .split(',')
    .map((item) => item.replace(/^[ \t]+|[ \t]+$/g, ''))
    .filter(Boolean);
}

/** The file a `_FILE` variable names, without its final line break, as Docker secrets are written. */
function readSecretFile(variable: string, path: string): string {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new ConfigError(
      `${variable} names ${path}, which cannot be read (${(error as { code?: string }).code ?? 'unreadable'}).`,
    );
  }
  const value = text.replace(/\r?\n$/, '');
  if (value.trim() === '') throw new ConfigError(`${variable} names ${path}, which is empty.`);
  return value;
}
