import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { registry } from './checks/index.ts';
import { parseCli, USAGE } from './cli-args.ts';
import { UsageError } from './options.ts';
import { REQUIREMENT_REASONS } from './registry.ts';
import { createJsonReporter } from './reporters/json.ts';
import { createJunitReporter } from './reporters/junit.ts';
import { createPrettyReporter } from './reporters/pretty.ts';
import { runConformance } from './runner.ts';
import type { Reporter } from './types.ts';

export interface Io {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

const FILES = { json: 'conformance.json', junit: 'conformance.junit.xml' } as const;

/** The CLI as a function of argv, environment and output streams; returns the exit code. */
export async function main(argv: string[], env: Record<string, string | undefined>, io: Io): Promise<number> {
  try {
    const command = parseCli(argv, env);
    if (command.kind === 'help') {
      io.stdout(`${USAGE}\n`);
      return 0;
    }
    if (command.kind === 'version') {
      io.stdout(`${command.version}\n`);
      return 0;
    }
    if (command.kind === 'list') {
      io.stdout(listChecks());
      return 0;
    }
    const strict = command.options.strict;
    const files: Array<{ name: string; reporter: Reporter & { output(): string } }> = [];
    const reporters: Reporter[] = [];
    for (const name of command.reporters) {
      if (name === 'pretty') reporters.push(createPrettyReporter(io.stdout, { strict }));
      else {
        const reporter = name === 'json' ? createJsonReporter() : createJunitReporter({ strict });
        reporters.push(reporter);
        files.push({ name, reporter });
      }
    }
    let exitCode = 2;
    for await (const event of runConformance(command.options)) {
      for (const reporter of reporters) reporter.handle(event);
      if (event.type === 'finished') {
        exitCode = event.summary.exitCode;
        if (event.summary.error) io.stderr(`petstore-conformance: ${event.summary.error}\n`);
      }
    }
    for (const { name, reporter } of files) {
      if (!command.output) io.stdout(reporter.output());
      else {
        await mkdir(command.output, { recursive: true });
        const file = join(command.output, FILES[name as keyof typeof FILES]);
        await writeFile(file, reporter.output());
        io.stderr(`petstore-conformance: wrote ${file}\n`);
      }
    }
    return exitCode;
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr(`petstore-conformance: ${error.message}\nRun petstore-conformance --help for the options.\n`);
    return 2;
  }
}

function listChecks(): string {
  const rows = registry.checks.map((c) => {
    const optIn = (c.requires ?? [])
      .filter((r) => r !== 'apiKey')
      .map((r) => `\n      ${REQUIREMENT_REASONS[r]}`);
    return `  ${c.id.padEnd(24)} ${c.severity.padEnd(6)} ${c.title}\n      rests on: ${c.reference}${optIn.join('')}`;
  });
  return `${rows.join('\n')}\n`;
}
