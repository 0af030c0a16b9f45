import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

/** Debian's Chromium; tests never download a browser. */
export const CHROMIUM = '/usr/bin/chromium';

/**
 * Browser tests skip where Chromium is missing on a developer's machine, but never under CI=true: there the
 * launch runs and fails, so a missing browser is a red build rather than a silent skip.
 */
export const skipWithoutChromium = !existsSync(CHROMIUM) && process.env.CI !== 'true';
if (skipWithoutChromium) {
  console.warn(`skipping the browser tests: ${CHROMIUM} is missing (install Debian's chromium to run them)`);
}

/** Headless, with the flags that keep Chromium off the (closed) network. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-quic',
      '--no-first-run',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
