import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { root } from './pack.ts';

const execFileAsync = promisify(execFile);

export interface RunResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * A fresh project outside this repository that installs the packed tarball from the npm registry's client,
 * as a user would (`--prefer-offline`: whatever npm's cache holds is not downloaded again).
 */
export interface Consumer {
  readonly dir: string;
  /** What `npm install` printed when the project was made (its warnings among it). */
  readonly installOutput: string;
  write(file: string, text: string): string;
  read(file: string): string;
  /** Runs a command in the project; never throws, so a test can show what went wrong. */
  run(command: string, args: readonly string[], env?: Record<string, string>): Promise<RunResult>;
  remove(): void;
}

/**
 * `type` is the project's module type: `module`, or `commonjs` as `npm init -y` writes it (a CommonJS
 * TypeScript project with `module: nodenext`).
 */
export async function createConsumer(
  name: string,
  dependencies: readonly string[],
  type: 'module' | 'commonjs' = 'module',
): Promise<Consumer> {
  const dir = mkdtempSync(join(tmpdir(), `petstore-${name}-`));
  let installOutput = '';
  const consumer: Consumer = {
    dir,
    get installOutput() {
      return installOutput;
    },
    write(file, text) {
      const path = join(dir, file);
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, text);
      return path;
    },
    read: (file) => readFileSync(join(dir, file), 'utf8'),
    async run(command, args, env = {}) {
      try {
        const { stdout, stderr } = await execFileAsync(command, args, {
          cwd: dir,
          env: { ...process.env, ...env },
          maxBuffer: 64 * 1024 * 1024,
          timeout: 600_000,
        });
        return { code: 0, stdout, stderr };
      } catch (error) {
        const failed = error as { code?: number | string; stdout?: string; stderr?: string; message: string };
        const code = typeof failed.code === 'number' ? failed.code : 1;
        return { code, stdout: failed.stdout ?? '', stderr: failed.stderr ?? failed.message };
      }
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
  consumer.write('package.json', JSON.stringify({ name: `consumer-${name}`, private: true, type }));
  const installed = await consumer.run('npm', [
    'install',
    '--prefer-offline',
    '--no-audit',
    '--no-fund',
    ...dependencies,
  ]);
  if (installed.code !== 0) {
    consumer.remove();
    throw new Error(`npm install ${dependencies.join(' ')} failed:\n${installed.stderr}`);
  }
  installOutput = installed.stdout + installed.stderr;
  return consumer;
}

/** The version of a package this repository's lock file installed, so the consumer hits npm's cache. */
export function installedVersion(name: string): string {
  const manifest = JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8'));
  return String(manifest.version);
}

/** A tool from this repository's devDependencies (publint, attw, tsc), run by its own Node. */
export function repositoryBin(name: string): string {
  return join(root, 'node_modules', '.bin', name);
}
