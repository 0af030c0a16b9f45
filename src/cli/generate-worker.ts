/**
 * The generating worker (src/cli/seed-worker.ts starts it): fills the seed's columns with faker here, so
 * the serving thread neither imports faker nor allocates an object per order (issue #18: RSS). The
 * columns' buffers are transferred to it, not copied.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { GenerateOptions } from '../seed/generate.ts';
import { generateOrderColumns } from '../seed/generate.ts';

// Imported outside a worker (a tool that loads every module), it does nothing.
if (parentPort) {
  const columns = generateOrderColumns(workerData as GenerateOptions);
  parentPort.postMessage(columns, columns.buffers());
}
