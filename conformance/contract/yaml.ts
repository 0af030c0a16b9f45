import { createRequire } from 'node:module';

/** YAML that does not parse, with the line (from 1) the parser stopped at, when it says. */
export class YamlSyntaxError extends Error {
  constructor(
    message: string,
    readonly line: number | undefined,
  ) {
    super(message);
  }
}

/**
 * Parses YAML, loading the parser on first use: a run reads YAML only from a file it was given (a spec by
 * path, an expected-failures list), so the parser stays off the start of every other run. js-yaml's default
 * schema is YAML 1.2's core schema: a date stays a string, as in the spec's examples.
 */
export function parseYaml(text: string): unknown {
  const { load, YAMLException } = createRequire(import.meta.url)('js-yaml') as typeof import('js-yaml');
  try {
    return load(text);
  } catch (error) {
    if (!(error instanceof YAMLException)) throw error;
    throw new YamlSyntaxError(error.reason, error.mark ? error.mark.line + 1 : undefined);
  }
}
