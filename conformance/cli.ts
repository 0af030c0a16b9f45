#!/usr/bin/env node
// petstore-conformance: a thin layer over runConformance (see cli/main.ts), which catches every error.
import { main } from './cli/main.ts';
import { proxyMain } from './proxy/cli.ts';

const argv = process.argv.slice(2);
// The first SIGINT or SIGTERM stops the run gracefully (the teardown runs, then exit 130/143); a second one
// ends the process as usual.
const stop = new AbortController();
if (argv[0] !== 'proxy') {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => stop.abort(signal));
}
const io = {
  stdout: (text: string) => process.stdout.write(text),
  stderr: (text: string) => process.stderr.write(text),
  isTTY: process.stdout.isTTY,
  stop: stop.signal,
};
// `petstore-conformance proxy …`: the validating proxy (conformance/proxy), which catches every error too.
const run =
  argv[0] === 'proxy' ? proxyMain(argv.slice(1), process.env, io, process) : main(argv, process.env, io);
run.then((code) => {
  process.exitCode = code;
});
