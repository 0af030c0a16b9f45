import type { Severity } from '../rules/rule.ts';
import type { Outcome } from './outcome.ts';

// The HTML report's one stylesheet, inline (the page loads nothing). Filtering is CSS only: a check is hidden
// when the box of its severity or outcome is unticked, so the page needs no script at all (its CSP allows none).

const SEVERITIES: Severity[] = ['must', 'should', 'info'];
export const OUTCOMES: Outcome[] = ['fail', 'stale', 'warn', 'expected', 'pass', 'info', 'skip'];

const filters = [
  ...SEVERITIES.map((s) => `body:has(#show-${s}:not(:checked)) .check[data-severity="${s}"]`),
  ...OUTCOMES.map((o) => `body:has(#show-${o}:not(:checked)) .check[data-outcome="${o}"]`),
].join(',\n');

export const STYLE = `
:root { color-scheme: light dark; --fail: #c62828; --warn: #b26a00; --pass: #2e7d32; --muted: #6b7280;
  --expected: #7b1fa2; --line: #d0d7de; --code: rgba(127, 127, 127, 0.12); }
body { font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; margin: 0 auto; max-width: 72rem;
  padding: 1rem 1.5rem 3rem; }
h1 { font-size: 1.5rem; margin: 0.5rem 0; overflow-wrap: anywhere; }
h2 { font-size: 1.2rem; margin-top: 2rem; border-bottom: 1px solid var(--line); }
code, pre { font: 13px/1.45 ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace; }
pre { background: var(--code); padding: 0.5rem 0.75rem; overflow-x: auto; white-space: pre-wrap;
  overflow-wrap: anywhere; margin: 0.25rem 0; }
table { border-collapse: collapse; margin: 0.5rem 0; }
th, td { border: 1px solid var(--line); padding: 0.25rem 0.6rem; text-align: left; vertical-align: top; }
.verdict { border-left: 0.4rem solid var(--muted); padding: 0.5rem 1rem; background: var(--code); }
.verdict.passed { border-color: var(--pass); }
.verdict.failed, .verdict.unreachable, .verdict.incomplete { border-color: var(--fail); }
.gate { color: var(--fail); font-weight: 600; }
fieldset { display: inline-block; border: 1px solid var(--line); margin: 0 1rem 0.5rem 0; }
fieldset label { margin-right: 0.75rem; white-space: nowrap; }
.checks { list-style: none; padding: 0; }
.check { border: 1px solid var(--line); border-left-width: 0.4rem; margin: 0.35rem 0; padding: 0.2rem 0.6rem;
}
.check summary { cursor: pointer; overflow-wrap: anywhere; }
.check[data-outcome="fail"], .check[data-outcome="stale"] { border-left-color: var(--fail); }
.check[data-outcome="warn"] { border-left-color: var(--warn); }
.check[data-outcome="expected"] { border-left-color: var(--expected); }
.check[data-outcome="pass"] { border-left-color: var(--pass); }
.tag { display: inline-block; min-width: 7.5rem; font-weight: 600; }
.check[data-outcome="fail"] .tag, .check[data-outcome="stale"] .tag { color: var(--fail); }
.check[data-outcome="warn"] .tag { color: var(--warn); }
.check[data-outcome="expected"] .tag { color: var(--expected); }
.check[data-outcome="pass"] .tag { color: var(--pass); }
.severity { color: var(--muted); display: inline-block; min-width: 3.5rem; }
.label { color: var(--muted); margin: 0.5rem 0 0; }
.unseen { color: var(--fail); font-weight: 600; }
${filters} { display: none; }
`;
