/** YAML that does not parse: the parser's reason, and the line (from 1) it stopped at, when it says. */
export class YamlSyntaxError extends Error {
  constructor(
    readonly reason: string,
    readonly line: number | undefined,
  ) {
    super(line === undefined ? reason : `${reason} at line ${line}`);
  }
}

type JsYaml = typeof import('js-yaml');

/**
 * Parses YAML (a config file, the suite's spec by path and its expected-failures list) with js-yaml, which each
 * caller loads on first use, so that a start without a YAML file never reads it: the config file through
 * `import()`, the suite's synchronous spec loader through `require`. js-yaml's default schema is YAML 1.2's core
 * schema, the one the generators read the specs with: a date stays a string.
 *
 * @example const document = parseYamlWith(await import('js-yaml'), text);
 */
export function parseYamlWith({ load, YAMLException }: JsYaml, text: string): unknown {
  try {
    return load(text);
  } catch (error) {
    if (!(error instanceof YAMLException)) throw error;
    throw new YamlSyntaxError(error.reason, error.mark ? error.mark.line + 1 : undefined);
  }
}
