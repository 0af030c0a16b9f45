import type { Clock } from '../core/types.ts';
import { domainError } from './errors.ts';
import type { DashboardStore } from './store.ts';
import type { Plan, Project } from './types.ts';

export const plans: readonly Plan[] = ['free', 'pro', 'enterprise'];
const projectId = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** Why a domain cannot be added to the project right now (rule 1), or undefined when it can. */
export function addingRefusal(
  project: Project,
): { code: 'PLAN_UPGRADE_REQUIRED' | 'DEPLOY_REQUIRED'; message: string } | undefined {
  if (project.plan === 'free') {
    return {
      code: 'PLAN_UPGRADE_REQUIRED',
      message: `Custom domains need the Pro plan or above; project ${project.id} is on the free plan. Upgrade it, then add the domain again.`,
    };
  }
  if (!project.deploys.some((deploy) => deploy.status === 'succeeded')) {
    return {
      code: 'DEPLOY_REQUIRED',
      message: `Project ${project.id} has no successful deploy yet; deploy it successfully, then add the domain again.`,
    };
  }
  return undefined;
}

/** Projects, plans and deploys: what the dashboard shows and what the mock controls change. */
export function createProjects(store: DashboardStore, clock: Clock) {
  async function get(id: string): Promise<Project> {
    const project = await store.getProject(id);
    if (project === undefined) {
      throw domainError(
        'PROJECT_NOT_FOUND',
        `There is no project "${id}"; GET /__dashboard/api/projects lists them.`,
      );
    }
    return project;
  }

  return {
    get,
    list: () => store.listProjects(),

    async create(input: { id: string; name?: string; plan?: string }): Promise<Project> {
      if (!projectId.test(input.id)) {
        throw domainError(
          'INVALID_REQUEST',
          `Project id "${input.id}" must be a DNS label: lower-case letters, digits and hyphens.`,
        );
      }
      if (await store.getProject(input.id))
        throw domainError('PROJECT_EXISTS', `Project ${input.id} already exists.`);
      const project: Project = {
        id: input.id,
        name: input.name ?? input.id,
        plan: planOf(input.plan ?? 'free'),
        deploys: [],
      };
      await store.putProject(project);
      return project;
    },

    async setPlan(id: string, plan: string): Promise<Project> {
      const project = { ...(await get(id)), plan: planOf(plan) };
      await store.putProject(project);
      return project;
    },

    async recordDeploy(id: string, status: string): Promise<Project> {
      if (status !== 'succeeded' && status !== 'failed') {
        throw domainError(
          'INVALID_REQUEST',
          `Deploy status must be "succeeded" or "failed"; got "${status}".`,
        );
      }
      const project = await get(id);
      const deploy = { id: `dpl_${project.deploys.length + 1}`, status, createdAt: clock.now() } as const;
      const updated = { ...project, deploys: [...project.deploys, deploy] };
      await store.putProject(updated);
      return updated;
    },
  };
}

export type Projects = ReturnType<typeof createProjects>;

function planOf(value: string): Plan {
  if ((plans as readonly string[]).includes(value)) return value as Plan;
  throw domainError('INVALID_PLAN', `Plan must be one of ${plans.join(', ')}; got "${value}".`);
}
