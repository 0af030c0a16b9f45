#!/usr/bin/env node
// petstore-conformance: a thin layer over runConformance (see cli-main.ts).
import { main } from './cli-main.ts';

main(process.argv.slice(2), process.env, {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
}).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(
      `petstore-conformance: internal error: ${error instanceof Error ? error.stack : String(error)}\n`,
    );
    process.exitCode = 2;
  },
);
