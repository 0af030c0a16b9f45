import { appendFile } from 'node:fs/promises';

/**
 * Appends the Markdown summary to the file `GITHUB_STEP_SUMMARY` names (GitHub Actions shows it on the job's
 * page); a file that cannot be written is a warning, never a change of the run's exit code.
 */
export async function appendStepSummary(
  env: Record<string, string | undefined>,
  markdown: string,
  warn: (text: string) => void,
): Promise<void> {
  const file = env.GITHUB_STEP_SUMMARY;
  if (!file) return;
  try {
    await appendFile(file, markdown);
  } catch (error) {
    warn(`cannot append the summary to GITHUB_STEP_SUMMARY (${(error as { code?: string }).code ?? error})`);
  }
}
