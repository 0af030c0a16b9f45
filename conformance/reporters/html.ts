import { createHash } from 'node:crypto';
import type { Exchange } from '../http/exchange.ts';
import { escapeHtml as e } from '../output/markup.ts';
import type { Coverage } from '../run/coverage.ts';
import type { CheckResult, Reporter, Summary } from '../run/events.ts';
import { collectRun } from './collect.ts';
import { OUTCOMES, STYLE } from './html-style.ts';
import {
  coverageLine,
  coverageRows,
  isFailure,
  OUTCOME_LABELS,
  outcomeOf,
  reproduceCommands,
  traceIdsOf,
} from './outcome.ts';

const FIRST = ['fail', 'stale', 'warn', 'expected'];

/** Bodies shown in the page are cut to this many characters (the JSON report has more). */
const MAX_SHOWN_BODY = 4096;

/**
 * The page's policy: nothing may load or run. The one inline stylesheet is allowed by its hash; no script,
 * image, font, frame, connection, form target or base URL is, so a server's text that escaped its escaping
 * still could neither run nor call home.
 */
const csp = (style: string): string =>
  `default-src 'none'; style-src 'sha256-${createHash('sha256').update(style).digest('base64')}'; ` +
  "img-src 'none'; script-src 'none'; connect-src 'none'; base-uri 'none'; form-action 'none'";

/**
 * One self-contained HTML file: the verdict, gates, counts, every check with its evidence (exchanges, curl
 * repro, trace ids), filterable by severity and outcome without a script, and coverage. Every text is escaped.
 */
export function createHtmlReporter(options: { strict?: boolean } = {}): Reporter & { output(): string } {
  const strict = options.strict ?? false;
  const { run, handle } = collectRun();
  return {
    handle,
    output() {
      const { started, summary, results } = run;
      const outcome = summary?.outcome ?? 'incomplete';
      const target = started?.baseUrl ?? 'the deployment';
      const verdict = summary ? `${outcome} (exit ${summary.exitCode})` : 'did not finish';
      const present = new Set(results.map((r) => outcomeOf(r, strict)));
      // What needs a reader first comes first; the rest in run order (the sort is stable).
      const rank = (r: CheckResult) => {
        const at = FIRST.indexOf(outcomeOf(r, strict));
        return at < 0 ? FIRST.length : at;
      };
      const body = [
        `<header class="verdict ${e(outcome)}"><h1>Conformance of ${e(target)}: ${e(verdict)}</h1>`,
        `<p>Started ${e(started?.startedAt ?? '')}; ${results.length} checks${summary ? ` in ${(summary.durationMs / 1000).toFixed(1)} s` : ''}${started?.explore ? `; exploration with seed ${started.explore.seed}` : ''}${started?.expectedFailures ? `; ${started.expectedFailures.entries} expected failure(s) listed in ${e(started.expectedFailures.source)}` : ''}.</p>`,
        ...(summary?.coverage ? [`<p>Coverage: ${e(coverageLine(summary.coverage))}.</p>`] : []),
        ...(summary?.error ? [`<p class="gate">${e(summary.error)}</p>`] : []),
        ...(summary?.gateFailures ?? []).map((line) => `<p class="gate">${e(line)}</p>`),
        '</header>',
        ...(summary ? counts(summary) : []),
        '<h2 id="checks">Checks</h2>',
        '<fieldset><legend>Severity</legend>',
        ...['must', 'should', 'info'].map((s) => checkbox(s, s)),
        '</fieldset><fieldset><legend>Outcome</legend>',
        ...OUTCOMES.filter((o) => present.has(o)).map((o) => checkbox(o, OUTCOME_LABELS[o])),
        '</fieldset>',
        '<ol class="checks">',
        ...[...results].sort((a, b) => rank(a) - rank(b)).map((r) => check(r)),
        '</ol>',
        ...(summary?.coverage ? coverage(summary.coverage) : []),
      ];
      return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${csp(STYLE)}">
<meta name="referrer" content="no-referrer">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Conformance of ${e(target)}: ${e(verdict)}</title>
<style>${STYLE}</style>
</head>
<body>
${body.join('\n')}
<footer><p class="label">Written by petstore-conformance. This file loads nothing and runs no script.</p></footer>
</body>
</html>
`;
    },
  };

  function check(r: CheckResult): string {
    const outcome = outcomeOf(r, strict);
    const traces = traceIdsOf(r);
    const curl = isFailure(outcome) ? reproduceCommands(r, run.started?.explore !== undefined) : [];
    const evidence = [
      `<pre>${e(r.message)}</pre>`,
      `<p class="label">${e(r.title)} — rests on ${e(r.reference)}</p>`,
      ...(r.expected?.reason ? [`<p class="label">Expected to fail: ${e(r.expected.reason)}</p>`] : []),
      ...(r.expected?.stale ?? []).map((line) => `<p class="gate">${e(line)}</p>`),
      ...(isFailure(outcome) && traces.length > 0
        ? [`<p class="label">Trace id: ${traces.map((t) => `<code>${e(t)}</code>`).join(', ')}</p>`]
        : []),
      ...(curl.length > 0
        ? ['<p class="label">Reproduce with:</p>', `<pre>${e(curl.join('\n'))}</pre>`]
        : []),
      ...r.exchanges.map(exchange),
    ];
    return `<li class="check" data-severity="${e(r.severity)}" data-outcome="${outcome}"><details><summary><span class="tag">${e(OUTCOME_LABELS[outcome])}</span> <span class="severity">${e(r.severity)}</span> <code>${e(r.id)}</code> — ${e(r.title)}</summary>\n${evidence.join('\n')}\n</details></li>`;
  }
}

const checkbox = (id: string, label: string): string =>
  `<label><input type="checkbox" id="show-${e(id)}" checked> ${e(label)}</label>`;

function exchange(x: Exchange): string {
  const { request, response } = x;
  const head = `${request.method} ${request.url} → ${response ? response.status : (x.error ?? 'no answer')}`;
  const fields = (headers: Record<string, string>) =>
    Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}`)
      .join('\n');
  const body = response?.body ?? '';
  const shown = body.length > MAX_SHOWN_BODY ? `${body.slice(0, MAX_SHOWN_BODY)}…` : body;
  return [
    `<p class="label">${e(head)}${request.traceId ? ` (trace <code>${e(request.traceId)}</code>)` : ''}</p>`,
    `<pre>${e(fields(request.headers))}</pre>`,
    ...(response ? [`<pre>${e(`${fields(response.headers)}${shown ? `\n\n${shown}` : ''}`)}</pre>`] : []),
  ].join('\n');
}

function counts(summary: Summary): string[] {
  const row = (severity: 'must' | 'should' | 'info') => {
    const c = summary.counts[severity];
    return `<tr><th scope="row">${severity}</th><td>${c.passed}</td><td>${c.failed}</td><td>${c.expected ?? 0}</td><td>${c.skipped}</td></tr>`;
  };
  return [
    '<table><caption>Checks by severity</caption>',
    '<tr><th scope="col">Severity</th><th scope="col">Passed</th><th scope="col">Failed</th><th scope="col">Expected failures</th><th scope="col">Skipped</th></tr>',
    row('must'),
    row('should'),
    row('info'),
    '</table>',
  ];
}

function coverage(c: Coverage): string[] {
  const rows = coverageRows(c).map((row) => {
    const seen = row.seen > 0 ? String(row.seen) : '<span class="unseen">never</span>';
    const status = row.documented ? e(row.status) : `${e(row.status)} (undocumented)`;
    return `<tr><td><code>${e(row.operationId)}</code> ${e(row.route)}${row.deprecated ? ' (deprecated)' : ''}</td><td>${status}</td><td>${seen}</td></tr>`;
  });
  return [
    `<h2 id="coverage">Coverage</h2><p>${e(coverageLine(c))}</p>`,
    '<table><tr><th scope="col">Operation</th><th scope="col">Status</th><th scope="col">Seen</th></tr>',
    ...rows,
    '</table>',
  ];
}
