import { type CliDefinition, envName, secretFileEnvName } from './definition.ts';

/**
 * The --help lines of the options in one group: the flag and its placeholder, then the help text wrapped at
 * `width`, continued under `column`.
 */
export function optionLines(definition: CliDefinition, group = 'options', column = 24, width = 116): string {
  return Object.entries(definition.options)
    .filter(([, option]) => (option.group ?? 'options') === group)
    .map(([flag, option]) => {
      const left = `  ${option.short ? `-${option.short}, ` : ''}--${flag}${option.value ? ` ${option.value}` : ''}`;
      const start = left.length + 2 <= column ? left.padEnd(column) : `${left}  `;
      return wrap(option.help, start, ' '.repeat(column), width);
    })
    .join('\n');
}

/** How the environment and the config file set the options, for the end of --help. */
export function settingsLines(definition: CliDefinition, column = 24): string {
  const row = (left: string, text: string) =>
    wrap(text, left.length + 2 <= column ? left.padEnd(column) : `${left}  `, ' '.repeat(column), 116);
  const flags = Object.keys(definition.options);
  const derived = flags.filter(
    (flag) => !definition.options[flag]?.env && !definition.options[flag]?.commandLineOnly,
  );
  const example = derived.find((flag) => flag.includes('-')) ?? derived[0] ?? 'port';
  const named = flags.filter(
    (flag) =>
      definition.options[flag]?.env !== undefined || definition.options[flag]?.listSeparator === 'line',
  );
  const secretFiles = flags.flatMap((flag) => secretFileEnvName(definition, flag) ?? []);
  const separator = { 'comma-or-space': ', separated by commas or spaces', line: ', one a line', comma: '' };
  return [
    'Settings: a flag wins over its environment variable, which wins over the config file, then the default.',
    row(
      `  ${definition.envPrefix}<OPTION>`,
      `as --option, in capitals with _ for - (--${example} is ${envName(definition, example)}); a list is comma-separated`,
    ),
    ...named.map((flag) =>
      row(
        `  ${envName(definition, flag)}`,
        `as --${flag}${separator[definition.options[flag]?.listSeparator ?? 'comma']}`,
      ),
    ),
    ...(secretFiles.length > 0
      ? [row(`  ${secretFiles.join(', ')}`, 'the value read from the file it names (a Docker secret)')]
      : []),
    `The config file's "${definition.section}" section takes every option by its name (docs/config.md: each option's key and variable).`,
  ].join('\n');
}

function wrap(text: string, first: string, indent: string, width: number): string {
  const lines: string[] = [];
  let line = first;
  for (const word of text.split(/\s+/)) {
    if (line.length + word.length > width && line.trim() !== '' && line !== first) {
      lines.push(line.trimEnd());
      line = indent;
    }
    line += `${word} `;
  }
  lines.push(line.trimEnd());
  return lines.join('\n');
}
