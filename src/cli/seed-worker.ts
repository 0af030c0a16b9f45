import { extname } from 'node:path';
import { Worker } from 'node:worker_threads';
import { type OrderColumnArrays, OrderColumns } from '../core/orders/order-columns.ts';
import type { GenerateOptions } from '../seed/generate.ts';
import { oneLine } from './text.ts';

/**
 * Generates the orders in a worker thread and resolves to their columns. A worker that fails (throws, exits)
 * rejects with one line; it never leaves the promise pending.
 */
export function generateInWorker(options: GenerateOptions): Promise<OrderColumns> {
  const worker = startWorker({ seed: options.seed, count: options.count });
  return new Promise<OrderColumns>((resolve, reject) => {
    const fail = (reason: string) =>
      reject(new Error(`generating ${options.count} orders failed: ${reason}`));
    worker.once('message', (arrays: OrderColumnArrays & { length: number }) => {
      try {
        resolve(new OrderColumns(arrays.length, arrays));
      } catch (error) {
        fail(oneLine((error as Error).message));
      }
    });
    worker.once('error', (error) => fail(oneLine(error.message)));
    // After a message or an error this changes nothing; without either, the worker stopped on its own.
    worker.once('exit', (code) => fail(`the worker stopped (exit ${code}) before it posted the orders`));
  });
}

/**
 * The worker's own file next to this one, with this file's extension: .js from dist/src, .cjs from the CLI
 * bundle (scripts/bundle-cli.ts builds it into the bundle's folder, after the CLI), .ts from source (tsx,
 * vitest). Node 20 ignores loaders given in a worker's execArgv (nodejs/node#47747), so from source a
 * one-line bootstrap loads the .ts file through tsx's API.
 */
function startWorker(workerData: GenerateOptions): Worker {
  const extension = extname(new URL(import.meta.url).pathname);
  if (extension !== '.ts') {
    return new Worker(new URL(`./generate-worker${extension}`, import.meta.url), { workerData });
  }
  const file = JSON.stringify(new URL('./generate-worker.ts', import.meta.url).href);
  const tsx = JSON.stringify(import.meta.resolve('tsx/esm/api'));
  const bootstrap = `import(${tsx}).then(({ tsImport }) => tsImport(${file}, ${file}))`;
  return new Worker(bootstrap, { eval: true, workerData });
}
