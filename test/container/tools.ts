import { execFileSync } from 'node:child_process';

/**
 * The programs the container tests drive, with the Debian package of each. scripts/container/leg.sh installs
 * the missing ones; under CI=true a test that needs one that is still missing fails, elsewhere it skips with
 * the list.
 */
const tools = {
  buildah: 'buildah',
  debootstrap: 'debootstrap',
  unshare: 'util-linux',
  nsenter: 'util-linux',
  ip: 'iproute2',
  'redis-server': 'redis-server',
} as const;

function installed(command: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** "buildah (apt-get install buildah), …" for the missing tools; empty when all are there. */
export function missingTools(): string {
  const missing = Object.entries(tools).filter(([command]) => !installed(command));
  const text = missing.map(([command, pkg]) => `${command} (apt-get install ${pkg})`).join(', ');
  if (text && process.env.CI === 'true') throw new Error(`CI=true and the container tests need ${text}`);
  return text;
}
