import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NoOperationTraceWriter } from '@actions/workflow-parser';
import { parseAction } from '@actions/workflow-parser/actions/index';
import { load } from 'js-yaml';
import { afterAll, describe, expect, inject, test } from 'vitest';
import { type CompositeAction, runCompositeAction } from './support/composite-action.ts';
import { root } from './support/pack.ts';

/**
 * action.yml as GitHub reads it (validated by GitHub's own action schema, @actions/workflow-parser) and as the
 * runner runs it: its `run:` steps in bash with a simulated GITHUB_OUTPUT and job summary, installing the
 * packed package the way a workflow installs a released version.
 */
const text = readFileSync(join(root, 'action.yml'), 'utf8');
const action = load(text) as CompositeAction;
const tarball = inject('tarball');
const KEY = 'action-secret-7c1e';
const runnerTemp = mkdtempSync(join(tmpdir(), 'petstore-runner-'));
const workspace = mkdtempSync(join(tmpdir(), 'petstore-workspace-'));
const pids: number[] = [];
afterAll(() => {
  for (const pid of pids) process.kill(pid, 'SIGKILL');
  rmSync(runnerTemp, { recursive: true, force: true });
  rmSync(workspace, { recursive: true, force: true });
});

const schemaErrors = (content: string) =>
  parseAction({ name: 'action.yml', content }, new NoOperationTraceWriter())
    .context.errors.getErrors()
    .map((error) => error.message);

const run = (inputs: Record<string, string>) =>
  runCompositeAction(
    action,
    { version: tarball, ...inputs },
    { actionPath: root, runnerTemp, cwd: workspace },
  );

describe('action.yml', () => {
  test("passes GitHub's action schema, which refuses a broken copy", () => {
    expect(schemaErrors(text)).toEqual([]);
    expect(schemaErrors(text.replace('using: composite', 'using: compost')).length).toBeGreaterThan(0);
  });

  test('takes the inputs the docs list, and splices none of them into a script', () => {
    expect(Object.keys(action.inputs).sort()).toEqual(
      [
        'api-key',
        'args',
        'base-url',
        'expected-failures',
        'mode',
        'node-version',
        'report-dir',
        'version',
      ].sort(),
    );
    for (const step of action.runs.steps) expect(step.run ?? '').not.toContain('${{');
  });
});

describe('mode: mock, then mode: conformance against it', () => {
  let baseUrl = '';

  test('starts the mock in the background, waits for health and sets base-url; the key is never printed', async () => {
    const started = await run({ mode: 'mock', 'api-key': KEY, args: '--port 0' });
    expect(started.exitCode, started.log).toBe(0);
    expect(started.skippedUses).toEqual(['actions/setup-node@v4']);
    baseUrl = started.outputs['base-url'] ?? '';
    pids.push(Number(started.outputs.pid));
    expect(baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    const list = await fetch(`${baseUrl}/store/orders`, { headers: { authorization: `Bearer ${KEY}` } });
    expect(list.status).toBe(200);
    expect(started.log).not.toContain(KEY);
  }, 120_000);

  test('grades it, writes the reports and the job summary, and passes', async () => {
    const graded = await run({
      mode: 'conformance',
      'base-url': baseUrl,
      'api-key': KEY,
      'report-dir': 'reports',
    });
    expect(graded.exitCode, graded.log).toBe(0);
    expect(readdirSync(join(workspace, 'reports')).sort()).toEqual([
      'conformance.html',
      'conformance.json',
      'conformance.junit.xml',
    ]);
    // The suite writes the job summary itself (GITHUB_STEP_SUMMARY), coverage included.
    expect(graded.summary).toContain(`## Conformance of ${baseUrl.replace('://', '\\://')}: passed (exit 0)`);
    expect(graded.summary).toMatch(/\| must \| \d+ \| 0 \| 0 \| \d+ \|/);
    expect(graded.summary).toMatch(/### Coverage: \d+ of 10 documented/);
    expect(graded.log + graded.summary).not.toContain(KEY);
  }, 120_000);

  test('hands expected-failures ids to the suite: a listed check that passes fails the step as stale', async () => {
    const graded = await run({
      mode: 'conformance',
      'base-url': baseUrl,
      'api-key': KEY,
      'expected-failures': 'auth.challenge, orders.list',
      'report-dir': 'reports-stale',
    });
    expect(graded.exitCode, graded.log).toBe(1);
    expect(graded.log).toMatch(
      /stale: auth\.challenge now passes; remove it from \S+petstore-expected-failures\.json/,
    );
    expect(graded.summary).toContain('**Gate:** stale');
  }, 120_000);

  test('takes a baseline file, where an unknown id stops the step with exit 2 naming the closest', async () => {
    writeFileSync(join(workspace, 'baseline.yaml'), '- id: auth.chalenge\n  reason: typo\n');
    const graded = await run({
      mode: 'conformance',
      'base-url': baseUrl,
      'api-key': KEY,
      'expected-failures': 'baseline.yaml',
    });
    expect(graded.exitCode, graded.log).toBe(2);
    expect(graded.log).toContain(
      'baseline.yaml: unknown check id "auth.chalenge"; did you mean auth.challenge?',
    );
  }, 120_000);

  test('fails with a clear line when mode is unknown', async () => {
    const wrong = await run({ mode: 'mocks' });
    expect(wrong.exitCode).toBe(2);
    expect(wrong.log).toContain("::error::mode must be mock, conformance or proxy, not 'mocks'");
  });
});
