import { z } from 'zod';
import { BUSINESS_MODEL } from '../codes/business-models.ts';
import { CHANGE_OPS } from '../codes/contract-change.ts';
import { requiredPrices } from '../codes/lease-pricing.ts';
import { acrossFields } from '../http/fields.ts';
import { cents, leaseDay, MAX_LINES } from './forms.ts';
import { allowanceField, checkOvertime } from './overtime.ts';

/**
 * The contract change form (docs/decisions/041-contract-changes.md), validated alike by the server and the console.
 * Each line does one thing from the effective day: `add` a machine in stock or a model and a count with its business
 * model and prices; `remove` one of the contract's lines (its machines must leave); `reprice` one of its lines (a new
 * business model or prices). `endOn` moves the contract's planned end; a change must do at least one thing.
 */
const positive = (key: 'change.lineRequired' | 'validation.invalid') =>
  z.number({ error: key }).int({ error: key }).positive({ error: key });

export const changeLineInput = z
  .object({
    op: z.enum(CHANGE_OPS, { error: 'change.opInvalid' }),
    /** The contract's line a removal or a repricing acts on. */
    lineId: positive('change.lineRequired').nullable().default(null),
    deviceId: z.number().int().positive().nullable().default(null),
    modelId: z.number().int().positive().nullable().default(null),
    count: z
      .number({ error: 'lease.countRange' })
      .int({ error: 'lease.countRange' })
      .min(1, { error: 'lease.countRange' })
      .max(999, { error: 'lease.countRange' })
      .default(1),
    businessModel: z
      .number({ error: 'lease.businessModelInvalid' })
      .refine((v) => BUSINESS_MODEL.get(v), { error: 'lease.businessModelInvalid' })
      .nullable()
      .default(null),
    dayCents: cents.nullable().default(null),
    monthCents: cents.nullable().default(null),
    /** A repriced or added line's hours allowance and overtime price (decision 070). */
    allowanceTenths: allowanceField,
    overtimeCents: cents.nullable().default(null),
  })
  .superRefine((line, ctx) => {
    if (line.op !== 'remove') checkOvertime(line, ctx);
    if (line.op !== 'add' && line.lineId === null) {
      ctx.addIssue({ code: 'custom', path: ['lineId'], message: 'change.lineRequired' });
    }
    if (line.op === 'add' && line.deviceId === null && line.modelId === null) {
      ctx.addIssue({ code: 'custom', path: ['deviceId'], message: 'lease.lineMachineRequired' });
    }
    if (line.op === 'remove') return;
    if (line.businessModel === null) {
      ctx.addIssue({ code: 'custom', path: ['businessModel'], message: 'lease.businessModelInvalid' });
      return;
    }
    const needs = requiredPrices(line.businessModel);
    if (needs.includes('day') && !line.dayCents) {
      ctx.addIssue({ code: 'custom', path: ['dayCents'], message: 'lease.dayPriceRequired' });
    }
    if (needs.includes('month') && !line.monthCents) {
      ctx.addIssue({ code: 'custom', path: ['monthCents'], message: 'lease.monthPriceRequired' });
    }
  })
  // What the op does not use is dropped, so the stored line says exactly what it changes.
  .transform((line): ChangeLine => {
    if (line.op === 'remove') {
      return {
        ...line,
        deviceId: null,
        modelId: null,
        count: 1,
        businessModel: null,
        dayCents: null,
        monthCents: null,
        allowanceTenths: null,
        overtimeCents: null,
      };
    }
    if (line.op === 'reprice') return { ...line, deviceId: null, modelId: null, count: 1 };
    return line.deviceId !== null ? { ...line, lineId: null, modelId: null, count: 1 } : { ...line, lineId: null };
  });
export type ChangeLineInput = z.infer<typeof changeLineInput>;

/** A change's line as stored and checked. */
export interface ChangeLine {
  op: (typeof CHANGE_OPS)[number];
  lineId: number | null;
  deviceId: number | null;
  modelId: number | null;
  count: number;
  businessModel: number | null;
  dayCents: number | null;
  monthCents: number | null;
  allowanceTenths: number | null;
  overtimeCents: number | null;
}

export const changeDraftInput = z
  .object({
    contractId: positive('validation.invalid'),
    /** The first day the change holds. */
    effectiveOn: leaseDay,
    /** The contract's new planned end; null keeps it. */
    endOn: leaseDay.nullable().default(null),
    remark: z.string().trim().max(500, { error: 'lease.remarkTooLong' }).default(''),
    lines: z.array(changeLineInput).max(MAX_LINES, { error: 'lease.tooManyLines' }).default([]),
  })
  .refine(
    (v) => {
      const { lines, endOn } = v as { lines?: unknown; endOn?: unknown };
      return !Array.isArray(lines) || lines.length > 0 || typeof endOn === 'string';
    },
    { path: ['lines'], error: 'change.nothingChanged', ...acrossFields },
  )
  .refine(
    (v) => {
      const { effectiveOn, endOn } = v as { effectiveOn?: unknown; endOn?: unknown };
      return typeof effectiveOn !== 'string' || typeof endOn !== 'string' || endOn >= effectiveOn;
    },
    { path: ['endOn'], error: 'change.endBeforeEffective', ...acrossFields },
  )
  .refine(
    (v) => {
      const lines = (v as { lines?: unknown }).lines;
      if (!Array.isArray(lines)) return true;
      const targets = lines.map((l) => (l as { lineId?: unknown })?.lineId).filter((d) => typeof d === 'number');
      const machines = lines.map((l) => (l as { deviceId?: unknown })?.deviceId).filter((d) => typeof d === 'number');
      return new Set(targets).size === targets.length && new Set(machines).size === machines.length;
    },
    { path: ['lines'], error: 'change.duplicateLine', ...acrossFields },
  );
export type ChangeDraftInput = z.infer<typeof changeDraftInput>;
