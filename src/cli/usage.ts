import { optionLines, settingsLines } from '../config/help.ts';
import { MOCK_CLI } from './option-definition.ts';

/**
 * The text of `petstore-mock --help`: the option lines and the settings come from MOCK_CLI. Built when asked:
 * wrapping every option's help is work (and memory) no start needs (docs/performance.md, Round 12).
 */
export function usage(): string {
  return `Usage: petstore-mock [serve] [options]
       petstore-mock health [--url URL]
       petstore-mock mcp [--url URL | --embedded]   (an MCP server on stdio for coding agents: mcp --help)

Serves a stateful mock of the Petstore Store API at http://HOST:PORT/v1. \`health\` asks a running mock's
/__health and exits 0 when it is ready, 1 when not (petstore-mock health --help).

Options:
${optionLines(MOCK_CLI)}

${settingsLines(MOCK_CLI)}

Exit codes: 0 stopped by Ctrl+C or SIGTERM (answers in flight finish first); 2 a bad option, config file, fixture file, state file or --record-misses file, a port in use, or Redis unreachable.`;
}
