#!/usr/bin/env node
// petstore-conformance: a thin layer over runConformance (see cli-main.ts), which catches every error.
import { main } from './cli-main.ts';

main(process.argv.slice(2), process.env, {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  isTTY: process.stdout.isTTY,
}).then((code) => {
  process.exitCode = code;
});
