import { rule } from '../rules/catalogue.ts';
import type { CheckInfo } from '../rules/rule.ts';
import { EXPLORE_RULES } from './oracle.ts';

/**
 * The checks an exploration reports: one per oracle rule, so each kind of failure is reported once. Kept apart
 * from the exploration itself, so that listing them does not load the request generator (fast-check).
 */
export const EXPLORE_CHECKS: CheckInfo[] = EXPLORE_RULES.map(rule);
