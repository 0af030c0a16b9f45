#!/usr/bin/env node
// Runs the bundled CLI (scripts/bundle-cli.ts); `npm install` builds dist/ through the `prepare` script.
// From Node 22.1, V8's compiled code for the bundle is kept between starts in Node's own cache folder
// (NODE_COMPILE_CACHE, else the system's temporary folder; never the user's project; NODE_DISABLE_COMPILE_CACHE=1
// turns it off). A start then skips compiling most of the CLI. Node 20 has no such cache: nothing happens.
process.getBuiltinModule('node:module').enableCompileCache?.();
await import('../dist/cli/cli.js');
