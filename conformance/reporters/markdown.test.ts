import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { marked } from 'marked';
import { describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../test-support/cli.ts';
import { HOSTILE_CODE, hostileTarget } from '../test-support/hostile.ts';
import { serverPool } from '../test-support/pool.ts';
import { TARGET_KEY } from '../test-support/target.ts';

const { target } = serverPool();
const dir = tempDir('markdown-report-');
const env = { PETSTORE_API_KEY: TARGET_KEY };

/** The HTML GitHub would make of the Markdown: GitHub-flavoured, tables included. */
const render = (markdown: string): string => marked.parse(markdown, { gfm: true, async: false }) as string;

describe('the Markdown report', () => {
  it('renders a hostile server’s text as text: no tag, no link, no broken table row', async () => {
    const baseUrl = await target(hostileTarget('http://127.0.0.1:9/beacon'));
    const { code, stdout } = await runCli(['--base-url', baseUrl, '--reporter', 'markdown'], env);
    expect(code).toBe(1);
    const html = render(stdout);
    expect(html).not.toMatch(/<(script|img|a)[\s>]/i);
    // The code the server sent reads as itself, in its table cell.
    expect(html).toContain(`<td>401: &quot;${HOSTILE_CODE.replaceAll('<', '&lt;').replaceAll('>', '&gt;')}`);
    for (const table of html.split('<table>').slice(1)) {
      const body = table.slice(0, table.indexOf('</table>'));
      const widths = [...body.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map(
        (row) => (row[1]?.match(/<t[dh]/g) ?? []).length,
      );
      expect(new Set(widths).size).toBe(1);
    }
  });

  it('has one table per severity, each failure collapsed with its curl repro and trace id, and coverage', async () => {
    const baseUrl = await target(hostileTarget('http://127.0.0.1:9/beacon'));
    const { stdout } = await runCli(['--base-url', baseUrl, '--reporter', 'markdown'], env);
    expect(stdout.match(/^### (must|should|info)$/gm)).toEqual(['### must', '### should', '### info']);
    const html = render(stdout);
    const failure =
      /<details><summary><code>orders\.cancel-absent<\/code> \(must, failed\)[\s\S]*?<\/details>/.exec(
        html,
      )?.[0];
    expect(failure).toMatch(/Trace id: <code>[0-9a-f]{32}<\/code>/);
    expect(failure).toMatch(
      /<pre><code class="language-sh">curl -i -X DELETE &#39;http:\/\/127\.0\.0\.1:\d+\/v1\/store\/orders\/\d+&#39; -H &quot;Authorization: Bearer \$PETSTORE_API_KEY&quot;/,
    );
    expect(stdout).toMatch(/### Coverage: \d+ of 10 documented \(operation, status\) pairs seen/);
    expect(stdout).toMatch(/\| `cancelOrder` DELETE \/store\/orders\/\{orderId\} \| 204 \| \*\*never\*\* \|/);
    expect(stdout).not.toContain(TARGET_KEY);
  });

  it('is appended to GITHUB_STEP_SUMMARY when it is set, unless --no-step-summary', async () => {
    const baseUrl = await target();
    const file = join(dir.path, 'step-summary.md');
    await writeFile(file, 'an earlier step\n');
    const { code, stdout } = await runCli(['--base-url', baseUrl], { ...env, GITHUB_STEP_SUMMARY: file });
    expect(code).toBe(0);
    expect(stdout).toContain('Result: PASS'); // the console report is unchanged
    const written = await readFile(file, 'utf8');
    expect(written).toMatch(
      /^an earlier step\n## Conformance of http\\:\/\/127\.0\.0\.1:\d+\/v1: passed \(exit 0\)\n/,
    );
    expect(written).not.toContain(TARGET_KEY);
    await runCli(['--base-url', baseUrl, '--no-step-summary'], { ...env, GITHUB_STEP_SUMMARY: file });
    expect(await readFile(file, 'utf8')).toBe(written);
  });

  it('warns and keeps the exit code when GITHUB_STEP_SUMMARY cannot be written', async () => {
    const baseUrl = await target();
    const env2 = { ...env, GITHUB_STEP_SUMMARY: join(dir.path, 'missing', 'summary.md') };
    const { code, stderr } = await runCli(['--base-url', baseUrl], env2);
    expect(code).toBe(0);
    expect(stderr).toMatch(/cannot append the summary to GITHUB_STEP_SUMMARY \(ENOENT\)/);
  });
});
