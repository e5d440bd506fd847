import { z } from 'zod';

/**
 * The named fields a contract template places on its PDF (docs/decisions/029-lease-contracts.md). Text fields take
 * the contract's values; the two signatures and the seal are boxes the signing fills. Positions are PDF points from
 * the bottom-left corner of the page (A4 is 595 × 842).
 */
export const TEXT_FIELDS = [
  'title',
  'number',
  'lessorName',
  'renterName',
  'renterIdNumber',
  'storeName',
  'period',
  'siteAddress',
  'deposit',
  'paymentTerms',
  'total',
  'lines',
  'remark',
] as const;
export const SIGN_FIELDS = ['lesseeSignature', 'lessorSignature', 'lessorSeal'] as const;
export const TEMPLATE_FIELDS = [...TEXT_FIELDS, ...SIGN_FIELDS] as const;
export type TemplateFieldName = (typeof TEMPLATE_FIELDS)[number];

export const templateField = z.object({
  name: z.enum(TEMPLATE_FIELDS),
  /** 0-based page. */
  page: z.number().int().min(0).max(49),
  x: z.number().min(0).max(2000),
  y: z.number().min(0).max(2000),
  /** A box's width and height (signatures, seal, the lines table); a text field's font size. */
  width: z.number().min(0).max(2000).default(0),
  height: z.number().min(0).max(2000).default(0),
  size: z.number().min(6).max(36).default(11),
});
export type TemplateField = z.infer<typeof templateField>;

/** A template must place every signature and the seal, each once. */
export const templateFields = z
  .array(templateField)
  .max(60)
  .refine((fields) => SIGN_FIELDS.every((s) => fields.filter((f) => f.name === s).length === 1), {
    error: 'lease.templateNeedsSignatures',
  });

const f = (name: TemplateFieldName, y: number, extra: Partial<TemplateField> = {}): TemplateField => ({
  name,
  page: 0,
  x: 56,
  y,
  width: 0,
  height: 0,
  size: 11,
  ...extra,
});

/** The built-in A4 layout: the seeded templates and any template made without a PDF of its own. */
export const DEFAULT_TEMPLATE_FIELDS: TemplateField[] = [
  f('title', 780, { size: 20, x: 200 }),
  f('number', 750),
  f('lessorName', 725),
  f('renterName', 705),
  f('renterIdNumber', 685),
  f('storeName', 665),
  f('period', 645),
  f('siteAddress', 625),
  f('deposit', 605),
  f('paymentTerms', 585),
  f('lines', 560, { width: 483, height: 260, size: 10 }),
  f('total', 280),
  f('remark', 260, { width: 483, size: 10 }),
  f('lesseeSignature', 120, { width: 200, height: 60 }),
  f('lessorSignature', 120, { x: 330, width: 200, height: 60 }),
  f('lessorSeal', 100, { x: 400, width: 100, height: 100 }),
];
