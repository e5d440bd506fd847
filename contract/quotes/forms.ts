import { z } from 'zod';
import { BUSINESS_MODEL } from '../codes/business-models.ts';
import { acrossFields } from '../http/fields.ts';
import { leaseDay } from '../lease/forms.ts';

/**
 * The quote's form, validated the same way by the server and the console (decision 069). Prices are not sent: the
 * server takes them from the lessor's lease price list and applies each line's discount. Messages are keys of
 * contract/messages.
 */

/** A discount is given in basis points of the list price (1250 = 12.5 %), never the whole price. */
export const MAX_DISCOUNT_BP = 9_900;
export const discountBp = z
  .number({ error: 'quotes.discountRange' })
  .int({ error: 'quotes.discountRange' })
  .min(0, { error: 'quotes.discountRange' })
  .max(MAX_DISCOUNT_BP, { error: 'quotes.discountRange' });

export const MAX_QUOTE_LINES = 50;

export const quoteLineInput = z
  .object({
    /** A named machine of the store ... */
    deviceId: z.number().int().positive().nullable().default(null),
    /** ... or a model and how many of it. */
    modelId: z.number().int().positive().nullable().default(null),
    count: z
      .number({ error: 'lease.countRange' })
      .int({ error: 'lease.countRange' })
      .min(1, { error: 'lease.countRange' })
      .max(999, { error: 'lease.countRange' })
      .default(1),
    businessModel: z.number({ error: 'lease.businessModelInvalid' }).refine((v) => BUSINESS_MODEL.get(v), {
      error: 'lease.businessModelInvalid',
    }),
    discountBp: discountBp.default(0),
  })
  .superRefine((line, ctx) => {
    if (line.deviceId === null && line.modelId === null) {
      ctx.addIssue({ code: 'custom', path: ['deviceId'], message: 'lease.lineMachineRequired' });
    }
  })
  // A named machine is one machine.
  .transform((line) => (line.deviceId !== null ? { ...line, modelId: null, count: 1 } : line));
export type QuoteLineInput = z.infer<typeof quoteLineInput>;

const text = (max: number) => z.string().trim().max(max, { error: 'validation.tooLong' }).default('');

export const quoteInput = z
  .object({
    /** An existing renter of the lessor, or a prospect named by the fields below. */
    renterId: z.number().int().positive().nullable().default(null),
    prospectName: text(100),
    prospectContact: text(50),
    prospectPhone: text(15),
    storeId: z.number({ error: 'lease.storeRequired' }).int().positive({ error: 'lease.storeRequired' }),
    salespersonId: z.number().int().positive().nullable().default(null),
    validUntil: leaseDay,
    /** Delivery and return: the days the machines are held. */
    startOn: leaseDay,
    endOn: leaseDay,
    siteProvince: text(50),
    siteCity: text(50),
    siteDistrict: text(50),
    siteAddress: z
      .string({ error: 'lease.siteAddressRequired' })
      .trim()
      .min(1, { error: 'lease.siteAddressRequired' })
      .max(200, { error: 'validation.tooLong' }),
    remark: text(500),
    lines: z
      .array(quoteLineInput, { error: 'lease.linesRequired' })
      .min(1, { error: 'lease.linesRequired' })
      .max(MAX_QUOTE_LINES, { error: 'lease.tooManyLines' }),
  })
  .refine(
    (v) => {
      const { renterId, prospectName } = v as { renterId?: unknown; prospectName?: unknown };
      return typeof renterId === 'number' || (typeof prospectName === 'string' && prospectName.trim() !== '');
    },
    { path: ['prospectName'], error: 'quotes.customerRequired', ...acrossFields },
  )
  .refine(
    (v) => {
      const { prospectPhone } = v as { prospectPhone?: unknown };
      return (
        typeof prospectPhone !== 'string' || prospectPhone.trim() === '' || /^\+?[\d -]{6,15}$/.test(prospectPhone)
      );
    },
    { path: ['prospectPhone'], error: 'validation.phone', ...acrossFields },
  )
  .refine(
    (v) => {
      const { startOn, endOn } = v as { startOn?: unknown; endOn?: unknown };
      return typeof startOn !== 'string' || typeof endOn !== 'string' || endOn >= startOn;
    },
    { path: ['endOn'], error: 'lease.endBeforeStart', ...acrossFields },
  )
  .refine(
    (v) => {
      const { startOn, validUntil } = v as { startOn?: unknown; validUntil?: unknown };
      return typeof startOn !== 'string' || typeof validUntil !== 'string' || validUntil <= startOn;
    },
    { path: ['validUntil'], error: 'quotes.validAfterStart', ...acrossFields },
  )
  .refine(
    (v) => {
      const lines = (v as { lines?: unknown }).lines;
      if (!Array.isArray(lines)) return true;
      const ids = lines.map((l) => (l as { deviceId?: unknown })?.deviceId).filter((d) => typeof d === 'number');
      return new Set(ids).size === ids.length;
    },
    { path: ['lines'], error: 'lease.duplicateMachine', ...acrossFields },
  );
export type QuoteInput = z.infer<typeof quoteInput>;
export type QuoteForm = z.input<typeof quoteInput>;

export const quoteMoveInput = z.object({
  id: z.number().int().positive(),
  action: z.enum(['send', 'accept', 'decline', 'withdraw'], { error: 'validation.invalid' }),
  reason: z.string().trim().max(200, { error: 'validation.tooLong' }).default(''),
  /** A prospect's quote is accepted for a renter the desk has registered by then. */
  renterId: z.number().int().positive().nullable().default(null),
});

export const quoteSettingsInput = z.object({
  /** The most discount a salesperson or staff may give on a line; the administrator is not held to it. */
  maxDiscountBp: discountBp,
});
