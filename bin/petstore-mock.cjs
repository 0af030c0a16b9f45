#!/usr/bin/env node
// Runs the bundled CLI (scripts/bundle-cli.ts); `npm install` builds dist/ through the `prepare` script. The bin
// and the bundle are CommonJS, so that V8's compiled code for them can be kept between starts: from Node 22.1 in
// Node's own compile cache, on Node 20 in the bundle's (src/cli/compile-cache.ts). Either keeps it in
// NODE_COMPILE_CACHE, else the system's temporary folder, never the user's project; NODE_DISABLE_COMPILE_CACHE=1
// turns it off. A start then skips compiling most of the CLI.
'use strict';
const { join } = require('node:path');
const { enableCompileCache } = require('node:module');

const bundle = join(__dirname, '..', 'dist', 'cli');
if (enableCompileCache) enableCompileCache();
else require(join(bundle, 'compile-cache.cjs')).cacheCompiledCode({ filesIn: bundle });
require(join(bundle, 'cli.cjs'));
