#!/usr/bin/env node
// petstore-conformance: a thin layer over runConformance (see cli/main.ts), which catches every error.

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
// graded with the proxy's checks (conformance/har). Both catch every error too. Each command loads only its
// own modules: the proxy's forwarding client (undici) costs a run of the checks a tenth of a second to load.
const run =
  argv[0] === 'proxy'
    ? import('./proxy/cli.ts').then(({ proxyMain }) => proxyMain(argv.slice(1), process.env, io, process))
    : argv[0] === 'grade'
      ? import('./har/cli.ts').then(({ gradeMain }) => gradeMain(argv.slice(1), io))
      : import('./cli/main.ts').then(({ main }) => main(argv, process.env, io));
run.then((code) => {
  process.exitCode = code;
});
