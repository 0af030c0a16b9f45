import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createClock } from '../core/controls/clock.ts';
import { type RunningServer, startServer } from './server.ts';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

/** The shell block under a README heading, one command a line (backslash continuations joined). */
function commands(heading: string): { command: string; comment: string }[] {
  const block = new RegExp(`## ${heading}[\\s\\S]*?\`\`\`sh\\n([\\s\\S]*?)\\n\`\`\``).exec(readme)?.[1] ?? '';
  return block
    .replace(/\\\n\s*/g, ' ')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const hash = line.search(/\s#\s/);
      return hash === -1
        ? { command: line, comment: '' }
        : { command: line.slice(0, hash), comment: line.slice(hash).replace(/^\s*#\s*/, '') };
    });
}

describe("the README's curl lines, run against the mock as written", () => {
  let mock: RunningServer;
  beforeAll(async () => {
    mock = await startServer({ port: 0, clock: createClock('manual', Date.parse('2026-09-01T00:00:00Z')) });
  });
  afterAll(() => mock.close());

  /**
   * Runs the lines in order (each after the variable lines before it, as one shell would) and returns each
   * one's output. Not execFileSync: the mock answers in this process.
   */
  async function run(lines: { command: string }[]): Promise<string[]> {
    const outputs: string[] = [];
    for (const [i, { command }] of lines.entries()) {
      const setup = lines.slice(0, i).filter((line) => /^\w+=/.test(line.command));
      const script = [...setup.map((line) => line.command), command].join('\n');
      const local = script.replaceAll('http://127.0.0.1:4010', mock.url);
      outputs.push((await promisify(execFile)('bash', ['-c', local], { encoding: 'utf8' })).stdout);
    }
    return outputs;
  }

  test('every operation answers the status its comment gives', async () => {
    const lines = commands('Every operation with curl');
    const outputs = await run(lines);
    const checked = lines.flatMap(({ comment }, i) => {
      const status = /^(\d{3})\b/.exec(comment)?.[1];
      return status === undefined ? [] : [[status, /^HTTP\/1\.1 (\d{3})/.exec(outputs[i] ?? '')?.[1]]];
    });
    expect(checked.length).toBeGreaterThan(5);
    for (const [expected, got] of checked) expect(got).toBe(expected);
  });

  test('the admin lines answer the bodies their comments show', async () => {
    const lines = commands('Admin API');
    const outputs = await run(lines);
    const bodies = lines.flatMap(({ comment }, i) =>
      comment.startsWith('{') ? [[JSON.parse(comment), JSON.parse(outputs[i] ?? '')]] : [],
    );
    expect(bodies.length).toBeGreaterThan(0);
    for (const [shown, answered] of bodies) expect(answered).toEqual(shown);
  });
});
