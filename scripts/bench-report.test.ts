import { expect, test } from 'vitest';
import { type BenchResults, markdown, type Row } from './bench-report.ts';

const table = (rows: Row[]): string =>
  markdown({
    machine: {
      cpu: 'a CPU',
      cores: 2,
      memoryGb: 4,
      node: '20',
      os: 'linux',
      loadBefore: 0,
      loadAfter: 0,
      date: 'd',
    },
    options: { seconds: 1, rounds: 15, warmupSeconds: 1, connections: 10, pinned: true },
    rows,
    raw: {},
    appendix: [],
    pids: [],
  } satisfies BenchResults);

const ratio = (id: string, value: number): Row => ({
  id,
  measure: id,
  ours: '—',
  value,
  goal: { at: 'least', value: 0.95 },
});

test('a figure that rounds onto its goal without reaching it is printed with two more digits', () => {
  const printed = table([ratio('short', 0.949946), ratio('reached', 0.9534), ratio('far', 0.937)]);
  expect(printed).toContain('| short | — | — | 0.9499 | ≥ 0.95 | **missed** |');
  expect(printed).toContain('| reached | — | — | 0.95 | ≥ 0.95 | met |');
  expect(printed).toContain('| far | — | — | 0.94 | ≥ 0.95 | **missed** |');
});
