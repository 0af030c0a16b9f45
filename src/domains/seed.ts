import type { DashboardStore } from './store.ts';
import type { Project } from './types.ts';

const day = 86_400_000;

/** The projects every reset starts from: one that may add domains, one on the free plan, one not yet deployed. */
export function seedProjects(now: number): Project[] {
  return [
    {
      id: 'acme-shop',
      name: 'Acme Shop',
      plan: 'pro',
      // A week ago: before any domain the presets attach (they date theirs two days back).
      deploys: [{ id: 'dpl_1', status: 'succeeded', createdAt: now - 7 * day }],
    },
    {
      id: 'hobby-blog',
      name: 'Hobby Blog',
      plan: 'free',
      deploys: [{ id: 'dpl_1', status: 'succeeded', createdAt: now - 2 * day }],
    },
    {
      id: 'launch-pad',
      name: 'Launch Pad',
      plan: 'pro',
      deploys: [{ id: 'dpl_1', status: 'failed', createdAt: now - 3_600_000 }],
    },
  ];
}

export async function seed(store: DashboardStore, now: number): Promise<void> {
  for (const project of seedProjects(now)) await store.putProject(project);
}
