import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type Consumer, createConsumer } from './support/consumer.ts';
import { root } from './support/pack.ts';

/**
 * The README's third way to install before the package is on the registry: from a git URL. npm clones the
 * repository, installs its devDependencies, builds it (`prepare`), packs it (`prepack`) and installs the
 * tarball. This installs the commit checked out here (uncommitted changes are not in it), as a git URL
 * names a commit.
 */
let consumer: Consumer;
beforeAll(async () => {
  const head = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
  consumer = await createConsumer('git', [`git+file://${root}#${head}`]);
});
afterAll(() => consumer?.remove());

test('installs from a git URL: built on install, its bins and exports working', async () => {
  // npm builds a git dependency with its `prepare` script (which npm 11 asks the user to allow, as the README says).
  const installed = join(consumer.dir, 'node_modules', 'petstore-mock');
  expect(existsSync(join(installed, 'dist', 'cli', 'cli.cjs'))).toBe(true);
  const help = await consumer.run('npx', ['--no-install', 'petstore-mock', '--help']);
  expect(help.stdout, help.stderr).toMatch(/Usage: petstore-mock/);
  consumer.write(
    'start.mjs',
    `import { startServer } from 'petstore-mock/node';
const mock = await startServer({ port: 0 });
const response = await fetch(\`\${mock.baseUrl}/store/orders\`, { headers: { authorization: 'Bearer petstore-dev-key' } });
console.log(response.status);
await mock.close();`,
  );
  const run = await consumer.run(process.execPath, ['start.mjs']);
  expect(run, run.stderr).toMatchObject({ code: 0, stdout: '200\n' });
});
