#!/usr/bin/env bash
# The msw 3 leg: the MSW tests on Node 24 with msw 3 (msw 3 needs Node >= 22.12; on Node 20 every intercepted
# fetch fails). Node 24 and msw 3 come from the npm registry into .cache/msw3, once; extra arguments go to
# vitest (e.g. --reporter=json --outputFile.json=reports/vitest-msw3.json).
set -euo pipefail
cd "$(dirname "$0")/.."
leg=.cache/msw3
if [ ! -x "$leg/node_modules/.bin/node" ] || [ ! -f "$leg/node_modules/msw/package.json" ]; then
  mkdir -p "$leg"
  echo '{"name":"petstore-mock-msw3-leg","private":true}' > "$leg/package.json"
  npm install --prefix "$leg" --no-audit --no-fund --no-save node@24 msw@3 >/dev/null
fi
echo "msw 3 leg: Node $("$leg/node_modules/.bin/node" --version), msw $(node -p "require('./$leg/node_modules/msw/package.json').version")"
exec "$leg/node_modules/.bin/node" node_modules/vitest/vitest.mjs run --config vitest.msw3.config.ts "$@"
