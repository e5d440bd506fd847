import { z } from 'zod';
import { MAX_CHARGE_CENTS } from '../codes/charges.ts';
import { moneyFormat } from '../codes/money.ts';
import { HANDOVER_READERS, HANDOVER_WRITERS } from '../access/lease-handover.ts';
import { defineEndpoint, noInput } from './endpoint.ts';
import { byId, idParam } from './fields.ts';
import { fileRef } from './uploads.ts';

/**
 * Handover notes (issue 35; docs/decisions/076-handover-notes.md): a delivery note for an entry, a return note for an
 * exit, with each machine's readings from its last report, a condition checklist and photos, both parties' names; a
 * PDF in the note's language; signed through the e-signature provider or on paper (the scan uploaded). A return
 * note's damage findings become pending charges on the contract (decision 074) when it is signed.
 */

export const HANDOVER_NOTE_KINDS = ['delivery', 'return'] as const;
export const HANDOVER_NOTE_STATES = ['draft', 'signing', 'signed'] as const;
export const HANDOVER_NOTE_LANGS = ['zh', 'en'] as const;
export const MAX_NOTE_PHOTOS = 10;
export const MAX_CHECKLIST_ITEMS = 30;
export const MAX_FINDINGS = 20;

/** The checklist a new note offers for each machine, by the note's language (the desk may change it). */
export const DEFAULT_CHECKLIST: Record<'zh' | 'en', string[]> = {
  zh: ['外观', '轮胎/履带', '液压系统', '灯光与仪表', '属具与随机工具', '清洁'],
  en: ['Body and paint', 'Tyres or tracks', 'Hydraulics', 'Lights and gauges', 'Attachments and tools', 'Cleanliness'],
};

const name = (error: string) => z.string({ error }).trim().min(1, { error }).max(60, { error: 'validation.tooLong' });
const photos = z
  .array(fileRef.refine((url) => url !== '', { error: 'validation.invalid' }))
  .max(MAX_NOTE_PHOTOS, { error: 'handoverNotes.tooManyPhotos' })
  .default([]);

export const checklistItem = z.object({
  item: z
    .string({ error: 'handoverNotes.itemRequired' })
    .trim()
    .min(1, { error: 'handoverNotes.itemRequired' })
    .max(60, { error: 'validation.tooLong' }),
  ok: z.boolean({ error: 'validation.invalid' }),
  remark: z.string().trim().max(200, { error: 'validation.tooLong' }).default(''),
});

export const noteMachineForm = z.object({
  deviceId: idParam,
  checklist: z.array(checklistItem).max(MAX_CHECKLIST_ITEMS, { error: 'validation.invalid' }).default([]),
  photos,
});

export const findingForm = z.object({
  deviceId: idParam,
  description: z
    .string({ error: 'handoverNotes.findingRequired' })
    .trim()
    .min(1, { error: 'handoverNotes.findingRequired' })
    .max(200, { error: 'validation.tooLong' }),
  amountCents: z
    .number({ error: 'handoverNotes.amountRequired' })
    .int({ error: 'handoverNotes.amountRequired' })
    .positive({ error: 'handoverNotes.amountRequired' })
    .max(MAX_CHARGE_CENTS, { error: 'charges.amountTooLarge' }),
  photos,
});

/** A note as the handover's page writes it. Machines not named take an empty checklist; findings only on a return. */
export const noteForm = z.object({
  handoverId: idParam,
  /** Absent: the lessor's brand's language. */
  lang: z.enum(HANDOVER_NOTE_LANGS, { error: 'validation.invalid' }).optional(),
  lessorName: name('handoverNotes.lessorNameRequired'),
  renterName: name('handoverNotes.renterNameRequired'),
  remark: z.string().trim().max(500, { error: 'validation.tooLong' }).default(''),
  machines: z.array(noteMachineForm).max(50, { error: 'validation.invalid' }).default([]),
  findings: z.array(findingForm).max(MAX_FINDINGS, { error: 'validation.invalid' }).default([]),
});
export type NoteForm = z.input<typeof noteForm>;

export const noteMachine = z.object({
  deviceId: z.number().int(),
  serialNumber: z.string(),
  modelName: z.string(),
  hourMeter: z.number().nullable(),
  fuelPct: z.number().nullable(),
  batteryPct: z.number().nullable(),
  /** When the machine last reported before the note, in the reader's zone; '' when it never did. */
  readAt: z.string(),
  checklist: z.array(z.object({ item: z.string(), ok: z.boolean(), remark: z.string() })),
  photos: z.array(z.string()),
});

export const noteFinding = z.object({
  id: z.number().int(),
  deviceId: z.number().int(),
  serialNumber: z.string(),
  description: z.string(),
  amountCents: z.number().int(),
  photos: z.array(z.string()),
  /** The charge it became once the note was signed. */
  chargeId: z.number().int().nullable(),
});

export const noteRow = z.object({
  id: z.number().int(),
  number: z.string(),
  kind: z.enum(HANDOVER_NOTE_KINDS),
  state: z.enum(HANDOVER_NOTE_STATES),
  lang: z.enum(HANDOVER_NOTE_LANGS),
  handoverId: z.number().int(),
  handoverNumber: z.string(),
  contractId: z.number().int(),
  contractNumber: z.string(),
  lessorName: z.string(),
  renterName: z.string(),
  signing: z.enum(['esign', 'paper']).nullable(),
  signedAt: z.string(),
  createdAt: z.string(),
});
export type NoteRow = z.infer<typeof noteRow>;

export const noteDetail = noteRow.extend({
  remark: z.string(),
  machines: z.array(noteMachine),
  findings: z.array(noteFinding),
  lesseeUrl: z.string(),
  lessorUrl: z.string(),
  renterSigner: z.string(),
  lessorSigner: z.string(),
  scanUrl: z.string(),
  money: moneyFormat,
  /** The viewer may sign it (start the provider's signing, or upload the paper). */
  canSign: z.boolean(),
});
export type NoteDetail = z.infer<typeof noteDetail>;

const file = z.object({ fileName: z.string(), mimeType: z.string(), content: z.string() });

export const handoverNoteEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/handoverNote/list.do',
    summary: 'The handover notes of a handover or a contract the user sees',
    access: { roles: HANDOVER_READERS },
    scope: 'organisation',
    query: z.object({
      handoverId: z.coerce.number().int().positive().optional(),
      contractId: z.coerce.number().int().positive().optional(),
    }),
    body: noInput,
    response: z.object({ list: z.array(noteRow) }),
  }),
  detail: defineEndpoint({
    method: 'GET',
    path: '/handoverNote/detail.do',
    summary: 'One handover note with its machines, readings, checklists, photos, findings and signing',
    access: { roles: HANDOVER_READERS },
    scope: 'organisation',
    query: byId,
    body: noInput,
    response: noteDetail,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/handoverNote/create.do',
    summary:
      'Write the note of an entry (delivery) or exit (return): readings from each machine’s last report, checklists, photos, findings',
    access: { roles: HANDOVER_WRITERS },
    scope: 'organisation',
    query: noInput,
    body: noteForm,
    response: z.object({ id: z.number().int(), number: z.string() }),
  }),
  pdf: defineEndpoint({
    method: 'GET',
    path: '/handoverNote/pdf.do',
    summary: 'The note as a PDF in its language (base64 `content`)',
    access: { roles: HANDOVER_READERS },
    scope: 'organisation',
    query: byId,
    body: noInput,
    response: file,
  }),
  sign: defineEndpoint({
    method: 'POST',
    path: '/handoverNote/sign.do',
    summary: 'Send the note to the e-signature provider: both parties sign on its pages on the spot',
    access: { roles: HANDOVER_WRITERS },
    scope: 'organisation',
    query: noInput,
    body: byId,
    response: z.object({ id: z.number().int(), lesseeUrl: z.string(), lessorUrl: z.string() }),
  }),
  paper: defineEndpoint({
    method: 'POST',
    path: '/handoverNote/paper.do',
    summary: 'Record the note as signed on paper: the signed scan (an uploaded pdf or photo) and the signers’ names',
    access: { roles: HANDOVER_WRITERS },
    scope: 'organisation',
    query: noInput,
    body: z.object({
      id: idParam,
      scanUrl: fileRef.refine((url) => url !== '', { error: 'handoverNotes.scanRequired' }),
      lessorSigner: name('handoverNotes.lessorNameRequired'),
      renterSigner: name('handoverNotes.renterNameRequired'),
    }),
    response: z.object({ id: z.number().int(), chargeIds: z.array(z.number().int()) }),
  }),
};
