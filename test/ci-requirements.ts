import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

/**
 * The real parts the tests drive: Debian's Chromium (page and browser tests) and redis-server (the shared
 * store). Locally a test that needs a missing one may skip with its reason; under CI=true the whole run fails
 * here first, so nothing needed can skip silently. .ci/run installs both with apt.
 */
const required = [
  { name: 'chromium', path: '/usr/bin/chromium', install: 'apt-get install chromium' },
  { name: 'redis-server', path: findOnPath('redis-server'), install: 'apt-get install redis-server' },
];

function findOnPath(command: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    const candidate = join(dir, command);
    if (isExecutable(candidate)) return candidate;
  }
  return undefined;
}

function isExecutable(path: string | undefined): boolean {
  if (!path) return false;
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

export default function checkCiRequirements(): void {
  if (process.env.CI !== 'true') return;
  const missing = required.filter((tool) => !isExecutable(tool.path));
  if (missing.length > 0) {
    throw new Error(
      `CI=true and the tests need ${missing.map((tool) => `${tool.name} (${tool.install})`).join(', ')}`,
    );
  }
}
