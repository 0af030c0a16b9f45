import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

// For tests of what survives the young generation's collections (scavenges), which a WeakRef cannot show: a
// scavenge keeps every WeakRef's target. What a scavenge could not free is promoted to the old generation,
// so the growth of the old space across two of them is what survived.

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as (options?: { type: 'minor' | 'major' }) => void;

const oldSpaceUsed = (): number =>
  getHeapSpaceStatistics().find((space) => space.space_name === 'old_space')?.space_used_size ?? 0;

function youngCollections(): void {
  gc({ type: 'minor' });
  gc({ type: 'minor' });
}

/** Bytes the old generation gained over `work` and two young-generation collections after it. */
export function promotedBy(work: () => void): number {
  youngCollections();
  const before = oldSpaceUsed();
  work();
  youngCollections();
  return oldSpaceUsed() - before;
}
