import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Where the browser tests write their screenshots: the docs' folder when asked to refresh them
 * (`UPDATE_SCREENSHOTS=1`), else a folder of the machine's temp directory. Every run still takes them (a
 * page that cannot render fails), but a test run leaves the working tree as it found it.
 */
export function screenshotFolder(): string {
  const folder = process.env.UPDATE_SCREENSHOTS
    ? fileURLToPath(new URL('../../docs/screenshots/', import.meta.url))
    : join(tmpdir(), 'petstore-mock-screenshots/');
  mkdirSync(folder, { recursive: true });
  return folder;
}
