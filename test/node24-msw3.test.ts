import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { type Consumer, createConsumer, installedVersion } from './support/consumer.ts';
import { exportNames, loadEveryModule } from './support/exports.ts';
import { installNode24 } from './support/node24.ts';
import { readmeExamples, typeProblems } from './support/readme-examples.ts';

/**
 * msw 3 needs Node 22.12 or newer: this leg installs Node 24 from the npm registry and uses the packed
 * package with msw 3 in a fresh project, as the README tells a user to.
 */
let node24: string;
let consumer: Consumer;
let installed: string;

beforeAll(async () => {
  node24 = installNode24();
  consumer = await createConsumer('node24-msw3', [
    inject('tarball'),
    'msw@3',
    `vitest@${installedVersion('vitest')}`,
    `typescript@${installedVersion('typescript')}`,
    `@types/node@${installedVersion('@types/node')}`,
  ]);
  installed = join(consumer.dir, 'node_modules', 'petstore-mock');
});
afterAll(() => consumer?.remove());

describe('the packed package with msw 3 on Node 24', () => {
  test('runs on Node 24 with msw 3 installed', async () => {
    expect((await consumer.run(node24, ['--version'])).stdout).toMatch(/^v24\./);
    const msw = await consumer.run(node24, ['-p', "require('msw/package.json').version"]);
    expect(msw.stdout).toMatch(/^3\./);
  });

  test('imports every export with import and with require', async () => {
    for (const result of await loadEveryModule(consumer, node24, exportNames(installed).modules)) {
      expect(result, result.stderr).toMatchObject({ code: 0, stderr: '' });
    }
  });

  test("runs the README's MSW example", async () => {
    consumer.write('readme-msw.test.ts', readmeExamples(installed).msw);
    const run = await consumer.run(node24, ['node_modules/vitest/vitest.mjs', 'run', 'readme-msw.test.ts']);
    expect(run.code, `${run.stdout}\n${run.stderr}`).toBe(0);
    expect(run.stdout).toMatch(/1 passed/);
  });

  test("type-checks the README's examples against msw 3's types", async () => {
    expect(await typeProblems(consumer, installed, 'typescript', 'nodenext')).toEqual([]);
  });
});
