#!/usr/bin/env node
// Example hooks for `petstore-conformance --setup` and `--teardown`, against the project's own mock: the setup
// makes the orders the run asks for through the mock's admin API and prints them; the teardown gets that output
// on stdin and withdraws each order. A hook for your staging does the same through your own back office.
//
//   petstore-conformance --base-url http://127.0.0.1:4010/v1 \
//     --setup "node conformance/examples/mock-orders.mjs setup" \
//     --teardown "node conformance/examples/mock-orders.mjs teardown"
//
// The suite sets PETSTORE_BASE_URL (the API, /v1 included) and PETSTORE_NEEDS ({"pending":2,"shipped":1});
// PETSTORE_MOCK_SESSION, when set, puts the orders in that session of the mock (X-Mock-Session).
import { text } from 'node:stream/consumers';

const [action] = process.argv.slice(2);
const admin = new URL('/__mock/', process.env.PETSTORE_BASE_URL).href;
const headers = { 'content-type': 'application/json' };
if (process.env.PETSTORE_MOCK_SESSION) headers['x-mock-session'] = process.env.PETSTORE_MOCK_SESSION;

async function post(path, body) {
  const response = await fetch(new URL(path, admin), { method: 'POST', headers, body: JSON.stringify(body) });
  const answer = await response.text();
  // stderr is for people: the suite shows its last line when the hook fails.
  if (!response.ok) throw new Error(`POST ${path} answered ${response.status}: ${answer}`);
  return answer;
}

if (action === 'setup') {
  const needs = JSON.parse(process.env.PETSTORE_NEEDS ?? '{}');
  const made = { pending: [], shipped: [] };
  for (const status of ['pending', 'shipped']) {
    for (let i = 0; i < (needs[status] ?? 0); i++) {
      // The id read from the text: JSON.parse would round an id beyond 2^53 to another order's.
      const [, id] = /"id":\s*([0-9]+)/.exec(await post('orders', { status })) ?? [];
      made[status].push(id);
    }
  }
  process.stdout.write(`${JSON.stringify(made)}\n`);
} else if (action === 'teardown') {
  const made = JSON.parse(await text(process.stdin));
  for (const [status, ids] of Object.entries(made)) {
    const state = status === 'shipped' ? 'a shipped order' : 'a pending order';
    for (const orderId of ids)
      await post('provider-states', { state, params: { orderId }, action: 'teardown' });
  }
} else {
  console.error('usage: mock-orders.mjs setup|teardown');
  process.exit(2);
}
