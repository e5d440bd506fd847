import { z } from 'zod';
import { leaseDays, MODEL_PRICING } from '../codes/lease-pricing.ts';

/**
 * Overtime from measured hours (docs/decisions/070-overtime-from-measured-hours.md): a contract line's hours
 * allowance and overtime price, how a bill prorates the allowance and prices the hours above it. Hours are kept in
 * integer tenths, money in integer cents; shared by the forms, the server's billing, the seed and the tests.
 */

/** The day models' allowance is per billed day; the others' (24, 25) per month. */
export const DAY_ALLOWANCE_MODELS: readonly number[] = [22, 23, 27];
export const allowancePerDay = (model: number) => DAY_ALLOWANCE_MODELS.includes(model);

/** A day has 24 hours; a month at most 31 days of them. */
export const MAX_DAY_TENTHS = 240;
export const MAX_MONTH_TENTHS = 7440;

/**
 * A line's hours allowance in tenths of an hour (8 h → 80); its overtime price per hour is a `cents` field beside it.
 * Validated together by `checkOvertime`.
 */
export const allowanceField = z
  .number({ error: 'lease.allowanceRange' })
  .int({ error: 'lease.allowanceRange' })
  .min(1, { error: 'lease.allowanceRange' })
  .max(MAX_MONTH_TENTHS, { error: 'lease.allowanceRange' })
  .nullable()
  .default(null);

interface OvertimeTerms {
  businessModel: number | null;
  allowanceTenths: number | null;
  overtimeCents: number | null;
}

/** Both or neither; a price above zero; a day model's allowance at most 24 h. */
export function checkOvertime(line: OvertimeTerms, ctx: z.RefinementCtx): void {
  const { allowanceTenths, overtimeCents, businessModel } = line;
  if (allowanceTenths === null && overtimeCents === null) return;
  if (allowanceTenths === null) {
    ctx.addIssue({ code: 'custom', path: ['allowanceTenths'], message: 'lease.allowanceRequired' });
    return;
  }
  if (!overtimeCents) {
    ctx.addIssue({ code: 'custom', path: ['overtimeCents'], message: 'lease.overtimePriceRequired' });
    return;
  }
  if (businessModel !== null && allowancePerDay(businessModel) && allowanceTenths > MAX_DAY_TENTHS) {
    ctx.addIssue({ code: 'custom', path: ['allowanceTenths'], message: 'lease.allowanceDayMax' });
  }
}

/** Rounds a non-negative number half up, past the float noise of a division (96.5 stays 96.5, never 96.4999...). */
const halfUp = (x: number) => Math.floor(x + 0.5 + 1e-9);

/**
 * The allowance of the days `from`..`to` (both counted), in tenths rounded half up: the day models' allowance per
 * day times the days; the month models' prorated as their price is (24: a thirtieth a day; 25: each calendar
 * month's share of its days, 176 h × 17/31 = 96.5 h).
 */
export function proratedAllowanceTenths(model: number, allowanceTenths: number, from: string, to: string): number {
  if (leaseDays(from, to) <= 0) return 0;
  if (allowancePerDay(model)) return leaseDays(from, to) * allowanceTenths;
  const span = { start: from, end: to, day: 0, month: allowanceTenths };
  return halfUp(model === 24 ? MODEL_PRICING[24](span) : MODEL_PRICING[25](span));
}

/** Hours worked as measured (daily work's hours, a float) in tenths, rounded half up. */
export const measuredTenths = (hours: number) => halfUp(Math.max(0, hours) * 10);

/** The overtime hours (tenths) and their amount: max(0, measured − allowance) × the hour price, to the cent. */
export function overtimeCharge(allowanceTenths: number, measured: number, priceCents: number) {
  const hoursTenths = Math.max(0, measured - allowanceTenths);
  return { hoursTenths, amountCents: overtimeAmountCents(hoursTenths, priceCents) };
}

export const overtimeAmountCents = (hoursTenths: number, priceCents: number) => halfUp((hoursTenths * priceCents) / 10);

/** Tenths as hours with one decimal: 965 → "96.5". */
export const tenthsText = (tenths: number) =>
  `${Math.trunc(tenths / 10).toLocaleString('en-US')}.${Math.abs(tenths % 10)}`;

/** An overtime line's adjustment by the lessor's staff: the overtime hours to bill instead, and why. */
export const overtimeAdjustInput = z.object({
  id: z.number().int().positive(),
  hoursTenths: z
    .number({ error: 'billing.overtimeHoursRange' })
    .int({ error: 'billing.overtimeHoursRange' })
    .min(0, { error: 'billing.overtimeHoursRange' })
    .max(100_000, { error: 'billing.overtimeHoursRange' }),
  reason: z
    .string({ error: 'lease.reasonRequired' })
    .trim()
    .min(1, { error: 'lease.reasonRequired' })
    .max(200, { error: 'validation.tooLong' }),
});
export type OvertimeAdjustInput = z.infer<typeof overtimeAdjustInput>;
