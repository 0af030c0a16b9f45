import type { Reporter } from '../run/events.ts';
import { createHtmlReporter } from './html.ts';
import { createJsonReporter } from './json.ts';
import { createJunitReporter } from './junit.ts';
import { createMarkdownReporter } from './markdown.ts';

/** The reports that are documents (written to --output DIR, or to the console when alone), by file name. */
export const REPORT_FILES = {
  json: 'conformance.json',
  junit: 'conformance.junit.xml',
  markdown: 'conformance.md',
  html: 'conformance.html',
} as const;

export type DocumentReporterName = keyof typeof REPORT_FILES;

export const isDocumentReporter = (name: string): name is DocumentReporterName => name in REPORT_FILES;

/** A reporter that renders one document from the events it was handed. */
export function documentReporter(
  name: DocumentReporterName,
  options: { strict?: boolean } = {},
): Reporter & { output(): string } {
  switch (name) {
    case 'json':
      return createJsonReporter(options);
    case 'junit':
      return createJunitReporter(options);
    case 'markdown':
      return createMarkdownReporter(options);
    case 'html':
      return createHtmlReporter(options);
  }
}
