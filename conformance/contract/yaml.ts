import { createRequire } from 'node:module';
import { parseYamlWith } from '../../src/config/yaml.ts';

/**
 * Parses YAML, loading js-yaml on first use: a run reads YAML only from a file it was given (a spec by path, an
 * expected-failures list), so the parser stays off the start of every other run. Synchronous, as the spec
 * loader is: through `require`.
 */
export function parseYaml(text: string): unknown {
  return parseYamlWith(createRequire(import.meta.url)('js-yaml') as typeof import('js-yaml'), text);
}
