#!/usr/bin/env node
// petstore-conformance: a thin layer over runConformance (see cli/main.ts), which catches every error.
import { main } from './cli/main.ts';
import { gradeMain } from './har/cli.ts';
import { proxyMain } from './proxy/cli.ts';

const io = {
  stdout: (text: string) => process.stdout.write(text),
  stderr: (text: string) => process.stderr.write(text),
  isTTY: process.stdout.isTTY,
};
const argv = process.argv.slice(2);
// `petstore-conformance proxy …`: the validating proxy (conformance/proxy); `grade --har FILE`: a recording
// graded with the proxy's checks (conformance/har). Both catch every error too.
const run =
  argv[0] === 'proxy'
    ? proxyMain(argv.slice(1), process.env, io, process)
    : argv[0] === 'grade'
      ? gradeMain(argv.slice(1), io)
      : main(argv, process.env, io);
run.then((code) => {
  process.exitCode = code;
});
