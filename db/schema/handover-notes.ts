import { sql } from 'drizzle-orm';
import { index, integer, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

/**
 * Handover notes (issue 35; docs/decisions/076-handover-notes.md): the paper of an entry (a delivery note) or an exit
 * (a return note) of machines under a contract, in the language it is written in, signed by both parties on the
 * spot through the e-signature provider or on paper (the signed scan uploaded). A return note's damage findings
 * become charges on the contract (decision 074) when the note is signed.
 */
export const HANDOVER_NOTE_KINDS = ['delivery', 'return'] as const;
export type HandoverNoteKind = (typeof HANDOVER_NOTE_KINDS)[number];
export const HANDOVER_NOTE_STATES = ['draft', 'signing', 'signed'] as const;
export type HandoverNoteState = (typeof HANDOVER_NOTE_STATES)[number];
export const HANDOVER_NOTE_SIGNINGS = ['esign', 'paper'] as const;
export type HandoverNoteSigning = (typeof HANDOVER_NOTE_SIGNINGS)[number];

/** One item of a machine's condition checklist: what was looked at, whether it was in order, and a remark. */
export interface ChecklistItem {
  item: string;
  ok: boolean;
  remark: string;
}

export const handoverNotes = sqliteTable(
  'handover_notes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** The lessor (the contract's), named org_id as every owned table so the isolation matrix finds its rows. */
    orgId: integer('org_id').notNull(),
    renterOrgId: integer('renter_org_id').notNull(),
    contractId: integer('contract_id').notNull(),
    /** The entry (delivery note) or exit (return note) it is the paper of: one note per handover. */
    handoverId: integer('handover_id').notNull(),
    kind: text('kind', { enum: HANDOVER_NOTE_KINDS }).notNull(),
    /** The handover's number with `-D` (delivery) or `-R` (return). */
    number: text('number').notNull(),
    /** The document's language: its PDF, checklist and findings are written in it. */
    lang: text('lang', { enum: ['zh', 'en'] }).notNull(),
    state: text('state', { enum: HANDOVER_NOTE_STATES }).notNull().default('draft'),
    /** Both parties' names as written on the note: the lessor's (who hands over or takes back) and the renter's. */
    lessorName: text('lessor_name').notNull(),
    renterName: text('renter_name').notNull(),
    remark: text('remark').notNull().default(''),
    /** How it was signed (null while a draft). */
    signing: text('signing', { enum: HANDOVER_NOTE_SIGNINGS }),
    providerFlowId: text('provider_flow_id'),
    lesseeUrl: text('lessee_url').notNull().default(''),
    lessorUrl: text('lessor_url').notNull().default(''),
    /** The signers' names as the provider reported them (e-signature) or as the paper's uploader wrote them. */
    renterSigner: text('renter_signer').notNull().default(''),
    lessorSigner: text('lessor_signer').notNull().default(''),
    /** The signed paper's scan (pdf, jpg or png upload url). */
    scanUrl: text('scan_url').notNull().default(''),
    signedAt: integer('signed_at', { mode: 'timestamp_ms' }),
    createdBy: integer('created_by').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' })
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
  },
  (t) => [
    uniqueIndex('handover_notes_handover').on(t.handoverId),
    uniqueIndex('handover_notes_flow').on(t.providerFlowId),
    index('handover_notes_org').on(t.orgId, t.createdAt),
    index('handover_notes_contract').on(t.contractId),
    index('handover_notes_renter').on(t.renterOrgId),
  ],
);

/** A machine on the note: what its last report read at the handover, its checklist and photos. */
export const handoverNoteMachines = sqliteTable(
  'handover_note_machines',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    noteId: integer('note_id').notNull(),
    deviceId: integer('device_id').notNull(),
    /** From the machine's last report before the note was written; null when it never reported the figure. */
    hourMeter: real('hour_meter'),
    fuelPct: real('fuel_pct'),
    batteryPct: real('battery_pct'),
    readAt: integer('read_at', { mode: 'timestamp_ms' }),
    checklist: text('checklist', { mode: 'json' }).$type<ChecklistItem[]>().notNull().default([]),
    photos: text('photos', { mode: 'json' }).$type<string[]>().notNull().default([]),
  },
  (t) => [uniqueIndex('handover_note_machines_device').on(t.noteId, t.deviceId)],
);

/** Damage found at a return: a description, the amount asked, photos; the charge it became once signed. */
export const handoverNoteFindings = sqliteTable(
  'handover_note_findings',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    noteId: integer('note_id').notNull(),
    deviceId: integer('device_id').notNull(),
    description: text('description').notNull(),
    amountCents: integer('amount_cents').notNull(),
    photos: text('photos', { mode: 'json' }).$type<string[]>().notNull().default([]),
    chargeId: integer('charge_id'),
  },
  (t) => [index('handover_note_findings_note').on(t.noteId)],
);

/** Every verified provider callback for a note by its event id: a repeated one changes nothing. */
export const handoverNoteCallbacks = sqliteTable('handover_note_callbacks', {
  eventId: text('event_id').primaryKey(),
  noteId: integer('note_id').notNull(),
  type: text('type').notNull(),
  receivedAt: integer('received_at', { mode: 'timestamp_ms' }).notNull(),
});
