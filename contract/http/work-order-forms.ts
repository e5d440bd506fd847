import { z } from 'zod';
import { MACHINE_KINDS } from '../codes/machine-kinds.ts';
import { isRegionPair } from '../codes/region-list.ts';
import { FAULT_TYPE, WORK_ORDER_SOURCE, WORK_ORDER_TYPE } from '../codes/service.ts';
import { areaCode, cents, isValidPhone, optionalText } from './fields.ts';
import { fileRef } from './uploads.ts';

/**
 * The forms of the work orders (spec sections 3 and 5): title, phone and device category are required, the
 * phone is checked like every phone field, pictures are jpg/png of at most 500 kb, ten at most.
 */
export const MAX_WORK_ORDER_PICTURES = 10;
export const WORK_ORDER_LEVELS = [1, 2, 3, 4, 5] as const;
/** A batch assignment takes at most this many orders, like the alarm centre's batch actions. */
export const MAX_BATCH = 200;

/** Where a work order raised in one step comes from (feedback, reminder, fault record, alarm). */
export const WORK_ORDER_SOURCE_KINDS = ['alarm', 'upkeep', 'feedback', 'fault', 'leaseExit'] as const;
export type WorkOrderSourceKind = (typeof WORK_ORDER_SOURCE_KINDS)[number];
export const WORK_ORDER_SOURCES = WORK_ORDER_SOURCE.values;

const id = z.number({ error: 'validation.invalid' }).int().positive({ error: 'validation.invalid' });
const remark = optionalText(500).default('');
const requiredRemark = z
  .string({ error: 'workOrders.remarkRequired' })
  .trim()
  .min(1, { error: 'workOrders.remarkRequired' })
  .max(500, { error: 'validation.tooLong' });

const fields = z.object({
  title: z
    .string({ error: 'workOrders.titleRequired' })
    .trim()
    .min(1, { error: 'workOrders.titleRequired' })
    .max(100, { error: 'validation.tooLong' }),
  /** WORK_ORDER_TYPE code. */
  type: z.coerce
    .number({ error: 'validation.required' })
    .pipe(z.literal(WORK_ORDER_TYPE.values, { error: 'validation.required' }))
    .default(1),
  level: z.coerce
    .number({ error: 'workOrders.levelRange' })
    .pipe(z.literal(WORK_ORDER_LEVELS, { error: 'workOrders.levelRange' }))
    .default(3),
  /** The machine kind (the spec's device category). */
  deviceKind: z.enum(MACHINE_KINDS, { error: 'workOrders.kindRequired' }),
  deviceId: id,
  areaCode,
  phone: z
    .string({ error: 'validation.phoneRequired' })
    .trim()
    .min(1, { error: 'validation.phoneRequired' })
    .max(15, { error: 'validation.phone' }),
  province: optionalText(40).default(''),
  city: optionalText(40).default(''),
  district: optionalText(40).default(''),
  address: optionalText(200).default(''),
  content: optionalText(2000).default(''),
  attachments: z.array(fileRef).max(MAX_WORK_ORDER_PICTURES, { error: 'workOrders.tooManyPictures' }).default([]),
  remark,
});

/** The phone is checked like every phone field; province and city are a pair of the region list, or empty. */
function withPhoneRule<S extends z.ZodType<{ phone: string; areaCode: string; province: string; city: string }>>(
  schema: S,
) {
  return schema.superRefine((v, ctx) => {
    if (v.phone && !isValidPhone(v.phone, v.areaCode)) {
      ctx.addIssue({ code: 'custom', path: ['phone'], message: 'validation.phone' });
    }
    if (!isRegionPair(v.province, '')) {
      ctx.addIssue({ code: 'custom', path: ['province'], message: 'workOrders.regionUnknown' });
    } else if (!isRegionPair(v.province, v.city)) {
      ctx.addIssue({ code: 'custom', path: ['city'], message: 'workOrders.cityNotInProvince' });
    }
  });
}

export const workOrderForm = withPhoneRule(fields);
export type WorkOrderForm = z.input<typeof workOrderForm>;
export const workOrderUpdate = withPhoneRule(fields.extend({ id }));

/** Where the order comes from, for a one-step work order raised by another area. */
export const workOrderSource = z.object({ kind: z.enum(WORK_ORDER_SOURCE_KINDS), id });
export type WorkOrderSourceRef = z.infer<typeof workOrderSource>;

/** The create call: the form, and the source when it is raised from an alarm (the alarm centre's link). */
export const createWorkOrderInput = withPhoneRule(fields.extend({ source: workOrderSource.optional() }));
export type CreateWorkOrderInput = z.input<typeof createWorkOrderInput>;

/** Single and batch assignment take the same list of ids; one not allowed refuses them all. */
export const assignForm = z.object({
  ids: z
    .array(id, { error: 'workOrders.selectOrders' })
    .min(1, { error: 'workOrders.selectOrders' })
    .max(MAX_BATCH, { error: 'workOrders.tooManyOrders' }),
  assigneeId: z
    .number({ error: 'workOrders.assigneeRequired' })
    .int()
    .positive({ error: 'workOrders.assigneeRequired' }),
  remark,
});

export const repairForm = z.object({
  id,
  faultTypes: z
    .array(z.enum(FAULT_TYPE.values, { error: 'validation.invalid' }), { error: 'workOrders.faultTypesRequired' })
    .min(1, { error: 'workOrders.faultTypesRequired' })
    .max(FAULT_TYPE.values.length, { error: 'validation.invalid' }),
  faultCause: z
    .string({ error: 'workOrders.faultCauseRequired' })
    .trim()
    .min(1, { error: 'workOrders.faultCauseRequired' })
    .max(500, { error: 'validation.tooLong' }),
  partsUsed: optionalText(500).default(''),
  repairMethod: z
    .string({ error: 'workOrders.repairMethodRequired' })
    .trim()
    .min(1, { error: 'workOrders.repairMethodRequired' })
    .max(500, { error: 'validation.tooLong' }),
  remark,
});

export const payForm = z.object({
  id,
  amountCents: cents('workOrders.amountRange', { max: 1_000_000_000 }),
  settled: z.boolean({ error: 'validation.invalid' }),
  remark,
});

export const remarkForm = z.object({ id, remark });
export const requiredRemarkForm = z.object({ id, remark: requiredRemark });

export const technicianProfileForm = z.object({
  userId: id,
  region: optionalText(100).default(''),
  skills: z
    .array(z.string().trim().min(1, { error: 'validation.required' }).max(20, { error: 'validation.tooLong' }))
    .max(10, { error: 'validation.tooLong' })
    .default([]),
});
