import { randomUUID } from 'node:crypto';
import { connect, type Socket } from 'node:net';

/**
 * Round trips to Redis while `work` runs: the commands clients sent, seen through MONITOR. The commands a
 * script runs inside Redis (MONITOR's `[0 lua]` lines) are part of the script's one round trip, so they are
 * left out; INFO commandstats cannot tell them apart. Other clients of the same Redis count too: run the work
 * with nothing else talking to it.
 */
export async function roundTripsDuring(port: number, work: () => Promise<void>): Promise<number> {
  const monitor = await open(port);
  try {
    let seen = '';
    monitor.setEncoding('utf8');
    monitor.on('data', (chunk: string) => {
      seen += chunk;
    });
    monitor.write('MONITOR\r\n');
    await until(() => seen.startsWith('+OK\r\n'));
    await work();
    // MONITOR streams what ran in order: once a marker sent afterwards shows up, every command of `work` has.
    const marker = `round-trips-${randomUUID()}`;
    const probe = await open(port);
    probe.end(`ECHO ${marker}\r\n`);
    await until(() => seen.includes(marker));
    probe.destroy();
    const lines = seen.split('\r\n').filter((line) => line.startsWith('+') && line !== '+OK');
    return lines.filter((line) => !line.includes(' lua]') && !line.includes(marker)).length;
  } finally {
    monitor.destroy();
  }
}

function open(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
  });
}

async function until(condition: () => boolean): Promise<void> {
  for (let waited = 0; !condition(); waited += 5) {
    if (waited > 5000) throw new Error('MONITOR did not show the commands within 5 s');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
