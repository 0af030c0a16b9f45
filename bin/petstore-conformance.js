#!/usr/bin/env node
// Runs the compiled CLI; `npm install` builds dist/ through the `prepare` script.
import '../dist/conformance/cli.js';
