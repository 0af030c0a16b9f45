/**
 * Writes the CommonJS face of the exports whose `require` condition names one (after tsc): `index.cjs`, which
 * hands over the ES module itself (`require(esm)`, Node 20.19 and newer: one module, one state), and
 * `index.d.cts`, the same declarations as `index.d.ts` read as CommonJS. In a CommonJS TypeScript project
 * `msw/node` resolves to msw's CommonJS typings; declarations read as ESM would import msw's ES typings, whose
 * `RequestHandler` is another class, and `setupServer(...handlers)` would not type-check.
 * Plain Node: it runs in `npm run build`, also when npm builds the package from a git URL.
 */
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';

const manifest = JSON.parse(readFileSync('package.json', 'utf8'));
for (const target of Object.values(manifest.exports)) {
  const required = typeof target === 'object' ? target.require : undefined;
  if (typeof required !== 'object') continue;
  const esm = target.default;
  copyFileSync(target.types, required.types);
  writeFileSync(
    required.default,
    `'use strict';\n// The ES module itself, required (Node 20.19 and newer): one module, one state.\nmodule.exports = require('./${basename(esm)}');\n`,
  );
}
