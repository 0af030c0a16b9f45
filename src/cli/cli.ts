#!/usr/bin/env node
// petstore-mock: a thin layer over main() (cli-main.ts), which the tests call in-process.
import { main } from './main.ts';

const stop = new AbortController();
process.once('SIGINT', () => stop.abort('SIGINT'));
process.once('SIGTERM', () => stop.abort('SIGTERM'));

main(process.argv.slice(2), process.env, {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  stop: stop.signal,
}).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(
      `petstore-mock: internal error: ${error instanceof Error ? error.stack : String(error)}\n`,
    );
    process.exit(2);
  },
);
