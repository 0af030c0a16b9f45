#!/usr/bin/env node
// petstore-conformance: a thin layer over runConformance (see cli/main.ts), which catches every error.
import { main } from './cli/main.ts';
import { gradeMain } from './har/cli.ts';
import { proxyMain } from './proxy/cli.ts';

const argv = process.argv.slice(2);
// The first SIGINT or SIGTERM stops the run gracefully (the teardown runs, then exit 130/143); a second one
// ends the process at once. Listened to with `on`, not `once`: the HAR writer's library (write-file-atomic,
// through signal-exit) re-raises a signal that no other listener is left to hear.
const stop = new AbortController();
if (argv[0] !== 'proxy') {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stop.signal.aborted) process.exit(signal === 'SIGINT' ? 130 : 143);
      stop.abort(signal);
    });
  }
}
const io = {
  stdout: (text: string) => process.stdout.write(text),
  stderr: (text: string) => process.stderr.write(text),
  isTTY: process.stdout.isTTY,
  stop: stop.signal,
};
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
