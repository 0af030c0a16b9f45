#!/usr/bin/env node
// Runs the bundled CLI (scripts/bundle-cli.ts); `npm install` builds dist/ through the `prepare` script.
import '../dist/cli/cli.js';
