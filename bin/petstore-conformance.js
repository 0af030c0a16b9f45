#!/usr/bin/env node
// Runs the compiled CLI, bundled into a few chunks (scripts/bundle-conformance-cli.ts); `npm install` builds
// dist/ through the `prepare` script.
import '../dist/conformance-cli/cli.js';
