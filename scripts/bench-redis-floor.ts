/**
 * The floor under the bench's Redis CPU rows: what one round trip to redis-server costs on this machine with
 * no mock at all. A client on raw sockets sends `GET` (or `EVALSHA` of a script that returns at once), one
 * command at a time on each of `connections` sockets, as the load generator's connections drive the mock;
 * its own CPU (process.cpuUsage) and redis-server's (/proc) per round trip are the cost no Redis client
 * library can go below. A mock that pays one round trip per request pays at least this beside the memory
 * mock's CPU, so `memory ÷ (memory + floor)` is the best ratio the row can show here (docs/performance.md).
 */
import { createHash } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import { processCpuMillis } from './bench-processes.ts';

export interface RoundTripFloor {
  /** µs of the client's CPU per round trip (user + system: the syscalls that wake redis-server included). */
  readonly client: number;
  /** µs of redis-server's CPU per round trip; undefined without /proc. */
  readonly server: number | undefined;
}

/** RESP for one command. */
function command(...args: string[]): Buffer {
  return Buffer.from(
    `*${args.length}\r\n${args.map((arg) => `$${Buffer.byteLength(arg)}\r\n${arg}\r\n`).join('')}`,
  );
}

const NOOP_SCRIPT = 'return 1';

/** Sends `payload` `count` times on `socket`, each after the previous reply (every reply is one read here). */
async function roundTrips(socket: Socket, payload: Buffer, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    await new Promise<void>((resolve, reject) => {
      socket.once('data', () => resolve());
      socket.once('error', reject);
      socket.write(payload);
    });
    socket.removeAllListeners('error');
  }
}

export async function redisRoundTripFloor(
  port: number,
  serverPid: number | undefined,
  options: { readonly kind: 'get' | 'script'; readonly connections: number; readonly count: number },
): Promise<RoundTripFloor> {
  const sockets = await Promise.all(
    Array.from({ length: options.connections }, async () => {
      const socket = connect(port, '127.0.0.1');
      socket.setNoDelay(true);
      await new Promise((resolve, reject) => socket.once('connect', resolve).once('error', reject));
      return socket;
    }),
  );
  try {
    const sha = createHash('sha1').update(NOOP_SCRIPT).digest('hex');
    await roundTrips(sockets[0] as Socket, command('SCRIPT', 'LOAD', NOOP_SCRIPT), 1);
    const payload = options.kind === 'get' ? command('GET', 'bench-floor') : command('EVALSHA', sha, '0');
    const each = Math.ceil(options.count / sockets.length);
    // A warm-up, then the measured round trips.
    await Promise.all(sockets.map((socket) => roundTrips(socket, payload, Math.ceil(each / 10))));
    const before = process.cpuUsage();
    const serverBefore = serverPid === undefined ? undefined : processCpuMillis(serverPid);
    await Promise.all(sockets.map((socket) => roundTrips(socket, payload, each)));
    const used = process.cpuUsage(before);
    const serverAfter = serverPid === undefined ? undefined : processCpuMillis(serverPid);
    const total = each * sockets.length;
    return {
      client: (used.user + used.system) / total,
      server:
        serverBefore === undefined || serverAfter === undefined
          ? undefined
          : ((serverAfter - serverBefore) * 1000) / total,
    };
  } finally {
    for (const socket of sockets) socket.destroy();
  }
}
