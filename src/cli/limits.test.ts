import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { expect, test } from 'vitest';
import { MAX_ORDERS } from '../core/defaults.ts';

const CLI = new URL('./cli.ts', import.meta.url).pathname;

// The largest --orders the CLI accepts must be served: the admin list (the largest answer) included.
test(`serves every list at the largest --orders it accepts (${MAX_ORDERS})`, async () => {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', CLI, '--port', '0', '--quiet', '--orders', String(MAX_ORDERS)],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  try {
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    await expect.poll(() => output, { timeout: 60_000, interval: 200 }).toMatch(/listening on http/);
    const url = /(http:\/\/127\.0\.0\.1:\d+)\/v1/.exec(output)?.[1];
    for (const path of ['/__mock/orders', '/v1/store/orders']) {
      const response = await fetch(`${url}${path}`, {
        headers: { authorization: 'Bearer petstore-dev-key' },
      });
      expect(response.status, path).toBe(200);
      const text = await response.text();
      expect(text.includes(`{"id":${MAX_ORDERS},`), path).toBe(true);
    }
    expect(child.exitCode).toBe(null);
  } finally {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await once(child, 'exit');
    }
  }
}, 120_000);
