/**
 * Node 20's stand-in for Node 22's compile cache (`module.enableCompileCache`), for the CLI bundle's CommonJS
 * files: what V8 compiled of each file is kept between starts, and a start reads it rather than compiling the
 * file again (docs/performance.md, Round 15, has what it saves).
 *
 * How: Node compiles a CommonJS file in `Module.prototype._compile`; for the files in `filesIn` this compiles
 * the file as a `vm.Script` given the kept code and, at exit, keeps what V8 compiled of each file it had none
 * for (or whose code V8 refused): by then that includes the functions the start and the requests ran. An entry
 * holds the file's text beside its code and serves only that text: V8 itself checks only the text's length,
 * its own version and its flags. (Comparing the text costs less than hashing it: loading node:crypto alone
 * took 20 million instructions, 3 % of a start.) The folder must be the user's own and closed to others, since
 * code read from it runs; otherwise, or when Node's source maps are on (Node maps only what its own loader
 * compiled), nothing changes, and a file with an `import()` is Node's to compile.
 */
import { lstatSync, mkdirSync, readFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { Script } from 'node:vm';

export interface CompileCacheOptions {
  /** The folder whose files are cached (the bundle's own). */
  readonly filesIn: string;
  /** NODE_COMPILE_CACHE names the cache's parent folder, as for Node 22; NODE_DISABLE_COMPILE_CACHE turns it off. */
  readonly env?: NodeJS.ProcessEnv;
}

/** What the cache did in this process: the files compiled from kept code, and the entries written at exit. */
export interface CompileCacheReport {
  readonly folder: string;
  readonly read: string[];
  readonly written: string[];
}

interface CompilingModule {
  exports: unknown;
  _compile(content: string, filename: string): unknown;
}

type ModuleFunction = (exports: unknown, ...rest: unknown[]) => unknown;

/**
 * An `import()` in a file compiled from kept code fails on Node 20 (ERR_VM_DYNAMIC_IMPORT_CALLBACK_MISSING: the
 * script's way back to Node's loader is not kept with it), so such a file is left to Node. The CLI bundle has
 * none (scripts/start-chunk.ts writes a package's `import()` as `require()`).
 */
const DYNAMIC_IMPORT = /\bimport\s*\(/;

/** Installs the cache for the files in `filesIn`; answers undefined when it is off or its folder unsafe. */
export function cacheCompiledCode({
  filesIn,
  env = process.env,
}: CompileCacheOptions): CompileCacheReport | undefined {
  if (env.NODE_DISABLE_COMPILE_CACHE || process.sourceMapsEnabled) return undefined;
  const folder = join(
    env.NODE_COMPILE_CACHE || tmpdir(),
    `petstore-mock-compile-cache-${process.getuid?.() ?? 0}`,
  );
  if (!ownFolder(folder)) return undefined;
  const report: CompileCacheReport = { folder, read: [], written: [] };
  const unkept: { script: Script; entry: string; content: string }[] = [];

  const prototype = Module.prototype as unknown as CompilingModule;
  const compile = prototype._compile;
  prototype._compile = function (this: CompilingModule, content: string, filename: string) {
    if (dirname(filename) !== filesIn || DYNAMIC_IMPORT.test(content)) {
      return compile.call(this, content, filename);
    }
    const entry = join(folder, `${basename(filename)}.${pathHash(filename)}`);
    const cachedData = keptCode(entry, content);
    const script = new Script(asFunction(content), { filename, cachedData });
    if (cachedData !== undefined && !script.cachedDataRejected) report.read.push(filename);
    else unkept.push({ script, entry, content });
    const run = script.runInThisContext() as ModuleFunction;
    return run.call(this.exports, this.exports, createRequire(filename), this, filename, dirname(filename));
  };

  process.once('exit', () => {
    for (const { script, entry, content } of unkept) {
      try {
        writeEntry(entry, content, script.createCachedData());
        report.written.push(entry);
      } catch {
        // A cache that cannot be written (a full disk) leaves the next start to compile, as without one.
      }
    }
  });
  return report;
}

/** The file as Node's CommonJS loader wraps it, on the same lines (a `#!` line kept as a comment). */
function asFunction(content: string): string {
  const text = content.startsWith('#!') ? `//${content}` : content;
  return `(function (exports, require, module, __filename, __dirname) { ${text}\n})`;
}

/** Two installs' files of one name keep entries of their own (FNV-1a of the path; a path is short). */
function pathHash(path: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < path.length; i++) hash = Math.imul(hash ^ path.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(36);
}

/** An entry: the text's length in bytes (4, little-endian), the text, then V8's code for it. */
function keptCode(entry: string, content: string): Buffer | undefined {
  let kept: Buffer;
  try {
    kept = readFileSync(entry);
  } catch {
    return undefined;
  }
  const end = kept.length >= 4 ? 4 + kept.readUInt32LE(0) : Number.POSITIVE_INFINITY;
  if (end > kept.length || kept.toString('utf8', 4, end) !== content) return undefined;
  return kept.subarray(end);
}

/** Written whole or not at all (write-file-atomic): a start racing this one reads a complete entry or none. */
function writeEntry(entry: string, content: string, code: Buffer): void {
  const text = Buffer.from(content);
  const length = Buffer.alloc(4);
  length.writeUInt32LE(text.length);
  const writeFileAtomic = createRequire(import.meta.url)('write-file-atomic') as {
    sync(file: string, data: Buffer, options: { mode: number }): void;
  };
  writeFileAtomic.sync(entry, Buffer.concat([length, text, code]), { mode: 0o600 });
}

/** Whether `folder` (made if missing) is a folder of this user's that no one else may write or read. */
function ownFolder(folder: string): boolean {
  try {
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    const stats = lstatSync(folder);
    const ours = process.getuid === undefined || stats.uid === process.getuid();
    return stats.isDirectory() && ours && (process.platform === 'win32' || (stats.mode & 0o077) === 0);
  } catch {
    return false;
  }
}
