import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { promisify } from 'node:util';

const exec = promisify(execFile);

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface RequestOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

/**
 * A network namespace of its own with only a loopback: what a container network is to the services in it. A
 * container started in it binds 0.0.0.0:4010 as the image says without touching this machine's ports, and
 * the tests reach it from inside (nsenter), by IP or, with `--add-host`, by service name.
 */
export async function privateNetwork() {
  const holder = spawn('unshare', ['--net', 'sh', '-c', 'ip link set lo up && echo up && exec sleep 3600'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  holder.stderr?.on('data', (chunk: Buffer) => {
    output += chunk;
  });
  const [first] = (await Promise.race([
    once(holder.stdout as NodeJS.ReadableStream, 'data'),
    once(holder, 'exit').then(() => {
      throw new Error(`could not make a network namespace (unshare --net, ip link): ${output}`);
    }),
  ])) as [Buffer];
  if (!String(first).includes('up')) throw new Error(`unexpected output from unshare: ${first}`);
  const namespace = `--net=/proc/${holder.pid}/ns/net`;

  return {
    /** Spawns a program inside the namespace. */
    spawn(file: string, args: string[]): ChildProcess {
      return spawn('nsenter', [namespace, file, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    },
    /** Sends one HTTP request from inside the namespace to 127.0.0.1:port (any Host header allowed). */
    async request(port: number, path: string, options: RequestOptions = {}): Promise<Answer> {
      const args = [namespace, process.execPath, '-e', CLIENT, String(port), path, JSON.stringify(options)];
      const { stdout } = await exec('nsenter', args, { timeout: 15_000 });
      return JSON.parse(stdout) as Answer;
    },
    close(): void {
      holder.kill('SIGKILL');
    },
  };
}

export type PrivateNetwork = Awaited<ReturnType<typeof privateNetwork>>;

// node:http rather than fetch: fetch forbids setting Host, which is what the service-name checks send.
const CLIENT = `
const http = require('node:http');
const [port, path, json] = process.argv.slice(1);
const options = JSON.parse(json);
const request = http.request({ host: '127.0.0.1', port: Number(port), path, method: options.method ?? 'GET',
  headers: options.headers ?? {} }, (response) => {
  let body = '';
  response.setEncoding('utf8');
  response.on('data', (chunk) => { body += chunk; });
  response.on('end', () => process.stdout.write(JSON.stringify({ status: response.statusCode, headers: response.headers, body })));
});
request.on('error', (error) => { process.stderr.write(String(error)); process.exitCode = 1; });
request.end(options.body);
`;
