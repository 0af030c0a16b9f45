/**
 * Prints where a `node --cpu-prof` profile spent its time: self time by where the code lives (the server's own
 * code, Node's JavaScript, native code, the garbage collector), then the functions with the most self time
 * and the most inclusive time, idle excluded. `npm run bench -- --profile` leaves our server's profiles in
 * .bench/profiles/ours and the bare baseline's in .bench/profiles/bare: read one of each for the same row.
 *
 * Usage: npx tsx scripts/bench-profile-summary.ts FILE.cpuprofile [--top 30]
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

interface ProfileNode {
  readonly id: number;
  readonly callFrame: { functionName: string; url: string; lineNumber: number };
  readonly children?: readonly number[];
}
interface Profile {
  readonly nodes: readonly ProfileNode[];
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { top: { type: 'string', default: '30' } },
});
const top = Number(values.top);
const profile = JSON.parse(readFileSync(positionals[0] ?? '', 'utf8')) as Profile;

const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const parents = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
const label = ({ callFrame: frame }: ProfileNode) =>
  `${frame.functionName || '(anonymous)'} ${frame.url.split('/').slice(-2).join('/')}:${frame.lineNumber + 1}`;

/** Where a frame's code lives: what differs between two servers is in the first of these. */
const where = ({ callFrame: frame }: ProfileNode) =>
  frame.url.startsWith('node:') || (/^[a-z_/]+$/.test(frame.url) && frame.url !== '')
    ? "Node's JavaScript"
    : frame.url
      ? 'the server and its packages'
      : ['(garbage collector)', '(program)'].includes(frame.functionName)
        ? frame.functionName
        : 'native (syscalls, builtins)';

const self = new Map<string, number>();
const byWhere = new Map<string, number>();
const inclusive = new Map<string, number>();
let busy = 0;
profile.samples.forEach((id, index) => {
  const node = nodes.get(id);
  const micros = profile.timeDeltas[index] ?? 0;
  if (!node || node.callFrame.functionName === '(idle)') return;
  busy += micros;
  self.set(label(node), (self.get(label(node)) ?? 0) + micros);
  byWhere.set(where(node), (byWhere.get(where(node)) ?? 0) + micros);
  const seen = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parents.get(at)) {
    const name = label(nodes.get(at) as ProfileNode);
    if (seen.has(name)) continue;
    seen.add(name);
    inclusive.set(name, (inclusive.get(name) ?? 0) + micros);
  }
});

const print = (title: string, table: Map<string, number>) => {
  process.stdout.write(`${title} (% of busy time, ${(busy / 1e6).toFixed(2)} s busy)\n`);
  for (const [name, micros] of [...table].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    process.stdout.write(`${((100 * micros) / busy).toFixed(1).padStart(6)}  ${name}\n`);
  }
};
print('Self time by where the code lives', byWhere);
print('\nSelf time', self);
print('\nInclusive time', inclusive);
