import { createRequire } from 'node:module';

/**
 * Parses YAML, loading the parser on first use: a run reads YAML only from a file it was given (a spec by
 * path, an expected-failures list), so the parser stays off the start of every other run.
 */
export function parseYaml(text: string): unknown {
  const { parse } = createRequire(import.meta.url)('yaml') as typeof import('yaml');
  return parse(text);
}
