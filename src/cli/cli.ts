#!/usr/bin/env node
// petstore-mock: a thin layer over main() (cli-main.ts), which the tests call in-process.
import { main } from './main.ts';

const stop = new AbortController();
// `on`, not `once`: the state file's writer (write-file-atomic, through signal-exit) re-raises a signal no
// other listener is left to hear, which would end the process before its last write. A second signal
// stops it at once, as one did before.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stop.signal.aborted) process.exit(130);
    stop.abort(signal);
  });
}

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
