// Types of conformance-summary.mjs (plain JavaScript: the action runs it with the job's Node, no build).
interface ReportCheck {
  id: string;
  severity: string;
  status: string;
  message?: string;
}
interface Report {
  baseUrl?: string;
  summary: { strict: boolean; outcome?: string; error?: string; counts?: Record<string, object> };
  checks: ReportCheck[];
}
export interface Verdict {
  exitCode: number;
  unexpected: ReportCheck[];
  expectedFailing: ReportCheck[];
  fixed: string[];
}
export function parseExpectedFailures(text: string | undefined): string[];
export function grade(report: Report, suiteExitCode: number, expected: string[]): Verdict;
export function summaryMarkdown(report: Report, verdict: Verdict): string;
