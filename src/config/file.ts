import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { closest } from './closest.ts';
import { ConfigError } from './config-error.ts';
import type { ConfigSection } from './definition.ts';
import { parseYamlWith, YamlSyntaxError } from './yaml.ts';

/** The names looked for in the working folder, in this order; two of them at once is an error. */
export const CONFIG_FILE_NAMES = [
  'petstore-mock.config.json',
  'petstore-mock.config.yaml',
  'petstore-mock.config.yml',
] as const;

/** The file's top-level keys: a section per command, and `$schema` for editors. */
export const SECTIONS: readonly ConfigSection[] = ['mock', 'conformance', 'proxy'];
const TOP_LEVEL = ['$schema', ...SECTIONS];

/** A config file as read: its path as the user would write it, and its sections (an empty one for a missing one). */
export interface ConfigFile {
  readonly path: string;
  readonly sections: Readonly<Record<ConfigSection, Readonly<Record<string, unknown>>>>;
}

export type Environment = Readonly<Record<string, string | undefined>>;

/**
 * The config file a command reads: `--config PATH` (or PETSTORE_CONFIG), else the one in the working folder,
 * else none. YAML is loaded only when a YAML file is read, off the path of a start without one. Checks the
 * top level only; each command checks its own section (readSection), so that the mock does not have to know
 * the suite's options.
 */
export async function findConfigFile(
  argv: readonly string[],
  env: Environment,
  cwd: string,
): Promise<ConfigFile | undefined> {
  const flag = configPathIn(argv);
  const given = flag ?? (env.PETSTORE_CONFIG || undefined);
  const source = given === undefined ? '' : flag === undefined ? 'PETSTORE_CONFIG' : '--config';
  const found =
    given === undefined ? CONFIG_FILE_NAMES.filter((name) => existsSync(join(cwd, name))) : [given];
  if (found.length > 1) {
    throw new ConfigError(`${found.join(' and ')} are both in ${cwd}: keep one.`);
  }
  const path = found[0];
  if (path === undefined) return undefined;
  let text: string;
  try {
    text = readFileSync(resolve(cwd, path), 'utf8');
  } catch (error) {
    const code = (error as { code?: string }).code ?? 'unreadable';
    throw new ConfigError(`${source} ${path}: the config file cannot be read (${code}).`.trimStart());
  }
  return { path, sections: checkTopLevel(await parseDocument(path, text), path) };
}

/** The value of the last `--config` before `--`, as parseArgs would read it. */
export function configPathIn(argv: readonly string[]): string | undefined {
  let path: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '--') break;
    if (arg.startsWith('--config=')) path = arg.slice('--config='.length);
    else if (arg === '--config') path = argv[++i];
    else continue;
    if (path === undefined || path === '') throw new ConfigError('--config needs a file path.');
  }
  return path;
}

async function parseDocument(path: string, text: string): Promise<unknown> {
  if (path.endsWith('.json')) {
    try {
      return JSON.parse(text);
    } catch (error) {
      throw new ConfigError(`${path}: not valid JSON (${oneLine((error as Error).message)}).`);
    }
  }
  try {
    return parseYamlWith(await import('js-yaml'), text);
  } catch (error) {
    if (!(error instanceof YamlSyntaxError)) throw error;
    const { line, reason } = error;
    throw new ConfigError(
      `${path}: not valid YAML${line ? ` at line ${line}` : ''} (${oneLine(reason).slice(0, 120)}).`,
    );
  }
}

function checkTopLevel(document: unknown, path: string): ConfigFile['sections'] {
  if (!isObject(document)) {
    throw new ConfigError(
      `${path}: the config file must be an object with the sections ${SECTIONS.join(', ')}.`,
    );
  }
  for (const key of Object.keys(document)) {
    if (!TOP_LEVEL.includes(key)) {
      throw new ConfigError(
        `${path}: unknown key ${JSON.stringify(key)}; the closest valid key is ${JSON.stringify(closest(key, TOP_LEVEL))}.`,
      );
    }
  }
  const section = (name: ConfigSection) => {
    const value = document[name] ?? {};
    if (!isObject(value)) throw new ConfigError(`${path}: ${JSON.stringify(name)} must be an object.`);
    return value;
  };
  return { mock: section('mock'), conformance: section('conformance'), proxy: section('proxy') };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();
