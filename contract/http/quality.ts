import { z } from 'zod';
import { MACHINE_KINDS } from '../codes/machine-kinds.ts';
import {
  ALL_READINGS,
  CHECKS,
  INSPECTION_ACTIONS,
  INSPECTION_REASONS,
  INSPECTION_STATES,
  ITEM_RESULTS,
  MAX_PLAN_ITEMS,
  readingsOf,
} from '../codes/quality.ts';
import { isDay } from './devices.ts';
import { defineEndpoint, noInput } from './endpoint.ts';
import { acrossFields, byId, idParam, optionalText, paged, pageQuery, requiredText, savedId } from './fields.ts';
import { INSPECTORS, PLAN_EDITORS, QUALITY_READERS } from '../access/quality.ts';

/**
 * Quality management and end-of-line testing (spec /qualityManagement: overview, proceed, history;
 * docs/decisions/055-quality-management.md).
 */

const kind = z.enum(MACHINE_KINDS, { error: 'quality.kindRequired' });
const filterDay = z
  .string()
  .trim()
  .max(10)
  .refine((v) => v === '' || isDay(v), { error: 'quality.invalidDay' })
  .optional();
const limit = z.number({ error: 'quality.limit' }).finite({ error: 'quality.limit' }).min(-100000).max(1000000);

/** One item of a test plan, as the plan editor sends it. */
export const planItemForm = z
  .object({
    title: requiredText(60),
    check: z.enum(CHECKS, { error: 'quality.checkRequired' }),
    reading: z.enum(ALL_READINGS).nullable().default(null),
    min: limit.nullable().default(null),
    max: limit.nullable().default(null),
  })
  .refine((i) => i.check !== 'reading' || i.reading !== null, { path: ['reading'], error: 'quality.readingRequired' })
  .refine((i) => i.check !== 'reading' || i.min !== null || i.max !== null, {
    path: ['min'],
    error: 'quality.rangeRequired',
  })
  .refine((i) => i.min === null || i.max === null || i.min <= i.max, { path: ['max'], error: 'quality.rangeOrder' });

export const planForm = z
  .object({
    kind,
    items: z
      .array(planItemForm)
      .min(1, { error: 'quality.planEmpty' })
      .max(MAX_PLAN_ITEMS, { error: 'quality.planTooLong' }),
  })
  .refine(
    (p) =>
      !Array.isArray(p.items) ||
      !MACHINE_KINDS.includes(p.kind) ||
      p.items.every((i) => i?.check !== 'reading' || (readingsOf(p.kind) as string[]).includes(i.reading ?? '')),
    { path: ['items'], error: 'quality.readingOfKind', ...acrossFields },
  );

export const planItemRow = z.object({
  id: z.number().int(),
  position: z.number().int(),
  title: z.string(),
  check: z.enum(CHECKS),
  reading: z.enum(ALL_READINGS).nullable(),
  min: z.number().nullable(),
  max: z.number().nullable(),
});
export type PlanItemRow = z.infer<typeof planItemRow>;

export const startForm = z.object({
  serialNumber: requiredText(40),
  reason: z.enum(['newBuild', 'afterRepair'], { error: 'quality.reasonRequired' }),
  remark: optionalText(200).default(''),
});

export const inspectionRow = z.object({
  id: z.number().int(),
  number: z.string(),
  deviceId: z.number().int(),
  serialNumber: z.string(),
  kind: z.enum(MACHINE_KINDS),
  modelId: z.number().int(),
  modelName: z.string(),
  ownerName: z.string(),
  reason: z.enum(INSPECTION_REASONS),
  state: z.enum(INSPECTION_STATES),
  inspectorId: z.number().int(),
  inspectorName: z.string(),
  items: z.number().int(),
  judged: z.number().int(),
  failedItems: z.number().int(),
  /** The first inspection of this machine in its chain (no earlier failed one). */
  firstPass: z.boolean(),
  previousId: z.number().int().nullable(),
  startedAt: z.string(),
  finishedAt: z.string(),
  /** Who completed or cancelled it. */
  finishedByName: z.string(),
  /** Who sent a failed inspection to its retest, and when. */
  retestedByName: z.string(),
  retestedAt: z.string(),
  remark: z.string(),
});
export type InspectionRow = z.infer<typeof inspectionRow>;

export const inspectionItemRow = z.object({
  id: z.number().int(),
  position: z.number().int(),
  title: z.string(),
  check: z.enum(CHECKS),
  reading: z.string().nullable(),
  unit: z.string(),
  min: z.number().nullable(),
  max: z.number().nullable(),
  result: z.enum(ITEM_RESULTS).nullable(),
  value: z.string(),
  note: z.string(),
  judgedAt: z.string(),
  judgedByName: z.string(),
});
export type InspectionItemRow = z.infer<typeof inspectionItemRow>;

const file = z.object({ fileName: z.string(), mimeType: z.string(), content: z.string() });

export const inspectionQuery = pageQuery.extend({
  /** `open`: in progress (the proceed page); `finished`: passed, failed and retested (the history). */
  stage: z.enum(['open', 'finished']).optional(),
  state: z.enum(INSPECTION_STATES).optional(),
  kind: z.enum(MACHINE_KINDS).optional(),
  modelId: z.coerce.number().int().positive().optional(),
  inspectorId: z.coerce.number().int().positive().optional(),
  from: filterDay,
  to: filterDay,
  keyword: z.string().trim().max(40).optional(),
});

const rate = z.object({
  finished: z.number().int(),
  passed: z.number().int(),
  firstFinished: z.number().int(),
  firstPassed: z.number().int(),
});

export const qualityEndpoints = {
  plans: defineEndpoint({
    method: 'GET',
    path: '/quality/plans.do',
    summary: "The test plan of each machine kind for the console's brand, items in order",
    access: { roles: INSPECTORS },
    scope: 'organisation',
    query: noInput,
    body: noInput,
    response: z.object({
      list: z.array(
        z.object({
          kind: z.enum(MACHINE_KINDS),
          items: z.array(planItemRow),
          updatedAt: z.string(),
          updatedByName: z.string(),
        }),
      ),
    }),
  }),
  savePlan: defineEndpoint({
    method: 'POST',
    path: '/quality/savePlan.do',
    summary: "Replace a machine kind's test plan (inspections already started keep the items they started with)",
    access: { roles: PLAN_EDITORS },
    scope: 'organisation',
    query: noInput,
    body: planForm,
    response: z.object({ items: z.number().int() }),
  }),
  options: defineEndpoint({
    method: 'GET',
    path: '/quality/options.do',
    summary: 'The models and inspectors the inspection lists filter by',
    access: { roles: QUALITY_READERS },
    scope: 'organisation',
    query: noInput,
    body: noInput,
    response: z.object({
      models: z.array(z.object({ id: z.number().int(), name: z.string(), kind: z.enum(MACHINE_KINDS) })),
      inspectors: z.array(z.object({ id: z.number().int(), name: z.string() })),
    }),
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/quality/list.do',
    summary: 'Inspections by stage, state, kind, model, inspector and day started (a rental company: finished ones)',
    access: { roles: QUALITY_READERS },
    scope: 'organisation',
    query: inspectionQuery,
    body: noInput,
    response: paged(inspectionRow),
  }),
  detail: defineEndpoint({
    method: 'GET',
    path: '/quality/detail.do',
    summary: 'An inspection with its items, the inspection it retests and the one retesting it',
    access: { roles: QUALITY_READERS },
    scope: 'organisation',
    query: byId,
    body: noInput,
    response: z.object({
      inspection: inspectionRow,
      items: z.array(inspectionItemRow),
      retestId: z.number().int().nullable(),
      actions: z.array(z.enum(INSPECTION_ACTIONS)),
    }),
  }),
  start: defineEndpoint({
    method: 'POST',
    path: '/quality/start.do',
    summary: "Start inspecting a machine (by serial) against its kind's plan; automatic items are judged at once",
    access: { roles: INSPECTORS },
    scope: 'organisation',
    query: noInput,
    body: startForm,
    response: savedId,
  }),
  evaluate: defineEndpoint({
    method: 'POST',
    path: '/quality/evaluate.do',
    summary: "Judge the automatic items again from the machine's latest report",
    access: { roles: INSPECTORS },
    scope: 'organisation',
    query: noInput,
    body: byId,
    response: savedId,
  }),
  record: defineEndpoint({
    method: 'POST',
    path: '/quality/record.do',
    summary: "Record a manual item's result (a failure says why)",
    access: { roles: INSPECTORS },
    scope: 'organisation',
    query: noInput,
    body: z
      .object({
        id: idParam,
        itemId: idParam,
        result: z.enum(ITEM_RESULTS, { error: 'quality.resultRequired' }),
        note: optionalText(200).default(''),
      })
      .refine((r) => r.result !== 'fail' || (typeof r.note === 'string' && r.note.trim() !== ''), {
        path: ['note'],
        error: 'quality.noteRequired',
        ...acrossFields,
      }),
    response: savedId,
  }),
  complete: defineEndpoint({
    method: 'POST',
    path: '/quality/complete.do',
    summary: 'Finish an inspection once every item has a result: passed when all passed, failed otherwise',
    access: { roles: INSPECTORS },
    scope: 'organisation',
    query: noInput,
    body: byId,
    response: z.object({ id: z.number().int(), state: z.enum(INSPECTION_STATES) }),
  }),
  retest: defineEndpoint({
    method: 'POST',
    path: '/quality/retest.do',
    summary: 'Retest a failed machine after its rework: a new inspection linked to the failed one',
    access: { roles: INSPECTORS },
    scope: 'organisation',
    query: noInput,
    body: z.object({ id: idParam, remark: optionalText(200).default('') }),
    response: savedId,
  }),
  cancel: defineEndpoint({
    method: 'POST',
    path: '/quality/cancel.do',
    summary: 'Cancel an inspection in progress, saying why',
    access: { roles: INSPECTORS },
    scope: 'organisation',
    query: noInput,
    body: z.object({ id: idParam, remark: requiredText(200) }),
    response: savedId,
  }),
  certificate: defineEndpoint({
    method: 'GET',
    path: '/quality/certificate.do',
    summary: "A passed machine's quality certificate (PDF, base64 `content`), in the request's language",
    access: { roles: QUALITY_READERS },
    scope: 'organisation',
    query: byId,
    body: noInput,
    response: file,
  }),
  overview: defineEndpoint({
    method: 'GET',
    path: '/quality/overview.do',
    summary: 'First-pass yield and pass rate by month and by model, the items failing most, inspections in progress',
    access: { roles: INSPECTORS },
    scope: 'organisation',
    query: z.object({ from: filterDay, to: filterDay, kind: z.enum(MACHINE_KINDS).optional() }),
    body: noInput,
    response: z.object({
      totals: rate.extend({ inProgress: z.number().int() }),
      months: z.array(rate.extend({ month: z.string() })),
      models: z.array(rate.extend({ modelId: z.number().int(), modelName: z.string() })),
      topFailing: z.array(z.object({ title: z.string(), check: z.enum(CHECKS), failures: z.number().int() })),
    }),
  }),
} as const;
