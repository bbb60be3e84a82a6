/** The pricing page's plans, by the names a workspace is given (`npm run keys -- plan NAME PLAN`). */
export type PlanName = 'free' | 'creator' | 'professional' | 'enterprise';
export const PLAN_NAMES: readonly PlanName[] = ['free', 'creator', 'professional', 'enterprise'];

/** What a plan allows a workspace each calendar month (UTC); undefined: no limit. */
export interface Plan {
  name: PlanName;
  /** Minutes of media dubbed a month. */
  minutesPerMonth?: number;
  /** Target languages dubbed into a month. */
  languages?: number;
  /** Tallest video picture, pixels (HD 1080, 4K 2160). */
  maxVideoHeight?: number;
  /** Keys the workspace may hold at once: its seats. */
  seats?: number;
}

/**
 * The spec's numbers (the pricing page): Free 10 minutes and 2 languages, no HD; Creator 2 hours
 * and 5 languages, HD; Professional 10 hours and every language, 4K, 3 seats; Enterprise custom
 * (no limit here: its contract says). A plan that names no seats has one.
 */
export const PLANS: Readonly<Record<PlanName, Plan>> = {
  free: { name: 'free', minutesPerMonth: 10, languages: 2, maxVideoHeight: 720, seats: 1 },
  creator: { name: 'creator', minutesPerMonth: 120, languages: 5, maxVideoHeight: 1080, seats: 1 },
  professional: { name: 'professional', minutesPerMonth: 600, maxVideoHeight: 2160, seats: 3 },
  enterprise: { name: 'enterprise' },
};

/** A new workspace's plan, as on the pricing page: everyone starts free. */
export const DEFAULT_PLAN: PlanName = 'free';

export function isPlanName(name: string): name is PlanName {
  return (PLAN_NAMES as readonly string[]).includes(name);
}

/** The calendar month (UTC) a moment falls in, `2026-12`, and when the next one starts. */
export function monthOf(at: Date): { month: string; resetsAt: Date } {
  const month = at.toISOString().slice(0, 7);
  return { month, resetsAt: new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1)) };
}
