import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { data, Evaluator, Lexer, Parser } from '@actions/expressions';
import { truthy } from '@actions/expressions/result';

/**
 * Runs a composite action's steps the way the GitHub runner does, for tests: `if:` and `${{ … }}` evaluated
 * by GitHub's own expression library, each `run:` step in `bash --noprofile --norc -eo pipefail`, with
 * GITHUB_OUTPUT, GITHUB_PATH, GITHUB_STEP_SUMMARY, GITHUB_ACTION_PATH and RUNNER_TEMP as files and folders
 * of its own. `uses:` steps (actions/setup-node) are not run: the runner's Node stands in for them.
 */
export interface CompositeAction {
  inputs: Record<string, { default?: string }>;
  outputs: Record<string, { value: string }>;
  runs: { using: string; steps: Step[] };
}

interface Step {
  id?: string;
  name?: string;
  if?: string;
  uses?: string;
  run?: string;
  shell?: string;
  env?: Record<string, string>;
}

export interface ActionRun {
  /** Non-zero when a step failed (that step's exit code). */
  exitCode: number;
  outputs: Record<string, string>;
  /** Everything the steps printed, in order. */
  log: string;
  summary: string;
  /** Names of the steps that ran, and of the `uses:` steps passed over. */
  ran: string[];
  skippedUses: string[];
}

export async function runCompositeAction(
  action: CompositeAction,
  given: Record<string, string>,
  where: { actionPath: string; runnerTemp: string; cwd: string },
): Promise<ActionRun> {
  const inputs = Object.fromEntries(
    Object.entries(action.inputs).map(([name, input]) => [name, given[name] ?? input.default ?? '']),
  );
  const steps: Record<string, { outputs: Record<string, string> }> = {};
  const files = mkdtempSync(join(tmpdir(), 'petstore-action-files-'));
  const summaryFile = join(files, 'summary.md');
  const pathFile = join(files, 'path');
  writeFileSync(summaryFile, '');
  writeFileSync(pathFile, '');
  const run: ActionRun = { exitCode: 0, outputs: {}, log: '', summary: '', ran: [], skippedUses: [] };
  const contexts = () => ({
    inputs,
    steps,
    github: { action_path: where.actionPath },
    runner: { temp: where.runnerTemp },
  });
  try {
    for (const [index, step] of action.runs.steps.entries()) {
      const name = step.name ?? step.id ?? `step ${index + 1}`;
      if (step.if !== undefined && !truthy(evaluate(step.if, contexts()))) continue;
      if (step.uses) {
        run.skippedUses.push(step.uses);
        continue;
      }
      if (step.shell !== 'bash') throw new Error(`${name}: only shell: bash is simulated, not ${step.shell}`);
      run.ran.push(name);
      const outputFile = join(files, `output-${index}`);
      writeFileSync(outputFile, '');
      const added = readFileSync(pathFile, 'utf8').split('\n').filter(Boolean).reverse();
      const env: Record<string, string> = {
        ...(process.env as Record<string, string>),
        PATH: [...added, process.env.PATH ?? ''].join(delimiter),
        GITHUB_OUTPUT: outputFile,
        GITHUB_PATH: pathFile,
        GITHUB_STEP_SUMMARY: summaryFile,
        GITHUB_ACTION_PATH: where.actionPath,
        RUNNER_TEMP: where.runnerTemp,
        ...Object.fromEntries(
          Object.entries(step.env ?? {}).map(([key, value]) => [key, substitute(value, contexts())]),
        ),
      };
      const script = join(files, `step-${index}.sh`);
      writeFileSync(script, step.run ?? '');
      const child = spawn('bash', ['--noprofile', '--norc', '-eo', 'pipefail', script], {
        cwd: where.cwd,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout.on('data', (chunk: Buffer) => {
        run.log += chunk;
      });
      child.stderr.on('data', (chunk: Buffer) => {
        run.log += chunk;
      });
      const [code] = (await once(child, 'close')) as [number | null];
      steps[step.id ?? `__${index}`] = { outputs: parseOutputs(readFileSync(outputFile, 'utf8')) };
      if (code !== 0) {
        run.exitCode = code ?? 1;
        break;
      }
    }
    run.summary = readFileSync(summaryFile, 'utf8');
    if (run.exitCode === 0) {
      for (const [name, output] of Object.entries(action.outputs)) {
        run.outputs[name] = substitute(output.value, contexts());
      }
    }
    return run;
  } finally {
    rmSync(files, { recursive: true, force: true });
  }
}

/** `name=value` lines and `name<<DELIMITER` blocks, as the runner reads GITHUB_OUTPUT. */
function parseOutputs(text: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    const block = /^([^=<]+)<<(.+)$/.exec(line);
    if (block) {
      const end = lines.indexOf(block[2] as string, i + 1);
      outputs[block[1] as string] = lines.slice(i + 1, end).join('\n');
      i = end;
    } else if (line.includes('=')) {
      outputs[line.slice(0, line.indexOf('='))] = line.slice(line.indexOf('=') + 1);
    }
  }
  return outputs;
}

/** `${{ expression }}` parts of a string replaced by their values. */
function substitute(template: string, contexts: Record<string, unknown>): string {
  return template.replace(/\$\{\{(.*?)\}\}/g, (_, expression: string) =>
    evaluate(expression, contexts).coerceString(),
  );
}

function evaluate(expression: string, contexts: Record<string, unknown>) {
  const { tokens } = new Lexer(expression.trim()).lex();
  const parsed = new Parser(tokens, Object.keys(contexts), []).parse();
  return new Evaluator(parsed, toData(contexts) as data.Dictionary).evaluate();
}

function toData(value: unknown): data.ExpressionData {
  if (typeof value === 'string') return new data.StringData(value);
  if (typeof value === 'number') return new data.NumberData(value);
  if (typeof value === 'boolean') return new data.BooleanData(value);
  if (value === null || value === undefined) return new data.Null();
  return new data.Dictionary(
    ...Object.entries(value as Record<string, unknown>).map(([key, inner]) => ({
      key,
      value: toData(inner),
    })),
  );
}
