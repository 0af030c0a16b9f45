import type { Browser } from 'playwright-core';
import { launchChromium } from './chromium.ts';

/** A request as Chrome DevTools shows it after "Import HAR". */
export interface ImportedRequest {
  readonly url: string;
  readonly method: string;
  readonly status: number;
  readonly mimeType: string;
  readonly requestHeaders: Readonly<Record<string, string>>;
  readonly responseHeaders: Readonly<Record<string, string>>;
  /** The response body DevTools shows, when the HAR carried one. */
  readonly content: string | undefined;
}

/**
 * Opens a HAR the way Chrome DevTools' Network panel "Import HAR" does: the DevTools front end that ships
 * inside Debian's Chromium parses it (its HARRoot throws on a malformed field) and turns each entry into the
 * request the panel lists. Nothing is downloaded; a HAR that DevTools cannot open rejects.
 */
export async function importIntoDevTools(har: unknown, browser?: Browser): Promise<ImportedRequest[]> {
  const owned = browser ? undefined : await launchChromium();
  const page = await (browser ?? (owned as Browser)).newPage();
  try {
    await page.goto('devtools://devtools/bundled/devtools_app.html');
    // A string, not a function: the test runner rewrites `import()` in the functions it compiles.
    return (await page.evaluate(`(${IMPORT_HAR})(${JSON.stringify(har)})`)) as ImportedRequest[];
  } finally {
    await page.close();
    await owned?.close();
  }
}

/** Runs in the DevTools page: the Network panel's own HAR parser and importer. */
const IMPORT_HAR = `async (document) => {
  const har = await import('./models/har/har.js');
  const root = new har.HARFormat.HARRoot(document);
  const record = (headers) => Object.fromEntries(headers.map((h) => [h.name, h.value]));
  const requests = [];
  for (const request of har.Importer.Importer.requestsFromHARLog(root.log)) {
    const content = await request.requestContentData();
    requests.push({
      url: request.url(),
      method: request.requestMethod,
      status: request.statusCode,
      mimeType: request.mimeType,
      requestHeaders: record(request.requestHeaders()),
      responseHeaders: record(request.responseHeaders),
      content: 'text' in content ? content.text : undefined,
    });
  }
  return requests;
}`;
