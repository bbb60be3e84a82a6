import { OverAllowance } from '@voxlate/core';
import type { ApiKeys } from '../api-keys.js';
import { PLAN_NAMES, PLANS, type Plan } from './plans.js';
import type { UsageLedger } from './usage-ledger.js';

/** A workspace's month as its plan sees it. */
export interface AllowanceStatus {
  plan: Plan;
  month: string;
  resetsAt: Date;
  usedMinutes: number;
  topUpMinutes: number;
  /** Undefined: the plan sets no limit. */
  leftMinutes?: number;
  languages: string[];
  seatsUsed: number;
  /** The operator lets dubs go past the allowance (counted all the same). */
  overage: boolean;
}

/** What a dub about to start asks of the allowance. */
export interface AllowanceAsk {
  /** Seconds of media it will dub; undefined when not known yet (a link not fetched). */
  seconds?: number;
  /** Its target languages. */
  languages: readonly string[];
  /** The picture's height, pixels, when it dubs a video. */
  videoHeight?: number;
}

/**
 * The pricing page's plans made real: each workspace's month (minutes dubbed, languages dubbed
 * into) against its plan and the operator's top-ups. A dub that would go past it is refused
 * before it starts (OverAllowance: 402), unless the operator allows overage. A service without
 * keys has no workspace, no plan and no limit.
 */
export class Allowance {
  constructor(
    private readonly keys: ApiKeys,
    private readonly ledger: UsageLedger,
    readonly overage = false,
  ) {}

  async statusOf(workspace: string, at = new Date()): Promise<AllowanceStatus> {
    const [{ plan, seatsUsed }, month] = await Promise.all([
      this.keys.planOf(workspace, at),
      this.ledger.month(workspace, at),
    ]);
    const allowance = PLANS[plan];
    const usedMinutes = round(month.usedSeconds / 60);
    const left =
      allowance.minutesPerMonth === undefined
        ? undefined
        : Math.max(0, round(allowance.minutesPerMonth + month.topUpMinutes - usedMinutes));
    return {
      plan: allowance,
      month: month.month,
      resetsAt: month.resetsAt,
      usedMinutes,
      topUpMinutes: month.topUpMinutes,
      ...(left === undefined ? {} : { leftMinutes: left }),
      languages: month.languages,
      seatsUsed,
      overage: this.overage,
    };
  }

  /** Refuses a dub the workspace's month cannot take (nothing to refuse without a workspace). */
  async admit(workspace: string | undefined, ask: AllowanceAsk, at = new Date()): Promise<void> {
    if (workspace === undefined || this.overage) return;
    const status = await this.statusOf(workspace, at);
    const refusal = pictureRefusal(status, ask) ?? minutesRefusal(status, ask) ?? languagesRefusal(status, ask);
    if (refusal === undefined) return;
    const resets = status.resetsAt.toISOString().slice(0, 10);
    throw new OverAllowance(
      `${refusal} The month resets on ${resets}; whoever runs the service can add minutes or change the plan.`,
      {
        usedMinutes: status.usedMinutes,
        leftMinutes: status.leftMinutes ?? 0,
        resetsAt: status.resetsAt.toISOString(),
      },
    );
  }
}

function pictureRefusal(status: AllowanceStatus, ask: AllowanceAsk): string | undefined {
  const { maxVideoHeight: most, name } = status.plan;
  if (most === undefined || ask.videoHeight === undefined || ask.videoHeight <= most) return undefined;
  const larger = PLAN_NAMES.map((plan) => PLANS[plan]).find(
    (plan) => plan.maxVideoHeight === undefined || plan.maxVideoHeight >= ask.videoHeight!,
  );
  return `The ${name} plan dubs video up to ${most}p; this video is ${ask.videoHeight}p (the ${larger!.name} plan takes it).`;
}

function minutesRefusal(status: AllowanceStatus, ask: AllowanceAsk): string | undefined {
  const { leftMinutes, plan } = status;
  if (leftMinutes === undefined) return undefined;
  const needed = ask.seconds === undefined ? 0 : round((ask.seconds / 60) * ask.languages.length);
  if (leftMinutes > 0 && needed <= leftMinutes) return undefined;
  const month = `This month the workspace has dubbed ${status.usedMinutes} of the ${plan.name} plan's ${plan.minutesPerMonth! + status.topUpMinutes} minutes`;
  return leftMinutes > 0 ? `${month}: ${leftMinutes} left, and this dub needs ${needed}.` : `${month}: none left.`;
}

function languagesRefusal(status: AllowanceStatus, ask: AllowanceAsk): string | undefined {
  const { languages: most, name } = status.plan;
  if (most === undefined) return undefined;
  const after = new Set([...status.languages, ...ask.languages]);
  if (after.size <= most) return undefined;
  const fresh = ask.languages.filter((language) => !status.languages.includes(language));
  const used = status.languages.length > 0 ? status.languages.join(', ') : 'none yet';
  return `The ${name} plan dubs into ${most} languages a month; this month: ${used}. ${fresh.join(', ')} would make ${after.size}.`;
}

function round(minutes: number): number {
  return Math.round(minutes * 10) / 10;
}
