/**
 * Handover notes (docs/decisions/076-handover-notes.md): writing the note of an entry or exit with each machine's
 * readings from its last report, and signing it (the provider's pages or paper). Signing a return note turns its
 * damage findings into pending charges of the contract through the charges module (decision 074), in the same unit
 * of work that marks the note signed.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '@console/db/client';
import { devices } from '@console/db/schema/devices';
import { leaseHandoverMachines, leaseHandovers } from '@console/db/schema/lease-handover';
import {
  handoverNoteFindings,
  handoverNoteMachines,
  handoverNotes,
  type HandoverNoteSigning,
} from '@console/db/schema/handover-notes';
import { chargeForm } from '@console/contract/http/charges';
import { DEFAULT_CHECKLIST, type noteForm } from '@console/contract/http/handover-notes';
import type { ScopedData } from '../lib/data.ts';
import { conflict, invalidField, notFound } from '../lib/errors.ts';
import type { SessionUser } from '../lib/session.ts';
import { unitOfWork } from '../lib/unit-of-work.ts';
import { readingsOf, writableContract } from '../lease/handover.ts';
import { addCharge } from '../charges/moves.ts';

type NoteInput = z.output<typeof noteForm>;
export type Note = typeof handoverNotes.$inferSelect;

/** The machine's fuel level from its last report, when its kind reports one. */
function fuelOf(device: typeof devices.$inferSelect): number | null {
  const latest = (device.latest ?? {}) as Record<string, unknown>;
  const v = latest.fuelPct;
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

/** The handover a writer of its contract may write a note for, with its machines. */
async function writableHandover(data: ScopedData, user: SessionUser, handoverId: number) {
  const db = data.unscoped('domainRule');
  const handover = await db.select().from(leaseHandovers).where(eq(leaseHandovers.id, handoverId)).get();
  if (!handover) throw notFound();
  // Not the user's contract: not found (another company's) or forbidden (a salesperson's colleague's).
  await writableContract(data, user, handover.contractId);
  const machines = await db
    .select({ deviceId: leaseHandoverMachines.deviceId })
    .from(leaseHandoverMachines)
    .where(eq(leaseHandoverMachines.handoverId, handover.id))
    .orderBy(leaseHandoverMachines.id)
    .all();
  return { handover, deviceIds: machines.map((m) => m.deviceId) };
}

/**
 * Write the note of a handover: every machine of the handover is on it, with the hour meter, fuel and charge its
 * last report read (at the moment the note is written, on the spot); the checklist and photos as the desk sent them
 * (the language's default items when none were sent); findings only on a return, for machines of the handover.
 */
export async function createNote(
  data: ScopedData,
  user: SessionUser,
  input: NoteInput & { lang: 'zh' | 'en' },
  now: number,
): Promise<{ id: number; number: string }> {
  const { handover, deviceIds } = await writableHandover(data, user, input.handoverId);
  const kind = handover.kind === 'entry' ? 'delivery' : 'return';
  input.machines.forEach((m, i) => {
    if (!deviceIds.includes(m.deviceId)) throw invalidField(`machines.${i}.deviceId`, 'handoverNotes.machineOther');
  });
  input.findings.forEach((f, i) => {
    if (kind !== 'return') throw invalidField(`findings.${i}.description`, 'handoverNotes.findingsOnReturn');
    if (!deviceIds.includes(f.deviceId)) throw invalidField(`findings.${i}.deviceId`, 'handoverNotes.machineOther');
  });
  return unitOfWork(data.unscoped('domainRule'), async (tx) => {
    const taken = await tx
      .select({ id: handoverNotes.id })
      .from(handoverNotes)
      .where(eq(handoverNotes.handoverId, handover.id))
      .get();
    if (taken) throw conflict('handoverNotes.exists');
    const number = `${handover.number}-${kind === 'delivery' ? 'D' : 'R'}`;
    const note = await tx
      .insert(handoverNotes)
      .values({
        orgId: handover.orgId,
        renterOrgId: handover.renterOrgId,
        contractId: handover.contractId,
        handoverId: handover.id,
        kind,
        number,
        lang: input.lang,
        lessorName: input.lessorName,
        renterName: input.renterName,
        remark: input.remark,
        createdBy: user.id,
        createdAt: new Date(now),
      })
      .returning({ id: handoverNotes.id })
      .get();
    const rows =
      deviceIds.length === 0 ? [] : await tx.select().from(devices).where(inArray(devices.id, deviceIds)).all();
    for (const deviceId of deviceIds) {
      const device = rows.find((d) => d.id === deviceId)!;
      const sent = input.machines.find((m) => m.deviceId === deviceId);
      const read = readingsOf(device);
      await tx
        .insert(handoverNoteMachines)
        .values({
          noteId: note.id,
          deviceId,
          hourMeter: read.hourMeter,
          fuelPct: fuelOf(device),
          batteryPct: read.batteryPct,
          readAt: read.readAt,
          checklist:
            sent && sent.checklist.length > 0
              ? sent.checklist
              : DEFAULT_CHECKLIST[input.lang].map((item) => ({ item, ok: true, remark: '' })),
          photos: sent?.photos ?? [],
        })
        .run();
    }
    for (const f of input.findings) {
      await tx
        .insert(handoverNoteFindings)
        .values({
          noteId: note.id,
          deviceId: f.deviceId,
          description: f.description,
          amountCents: f.amountCents,
          photos: f.photos,
        })
        .run();
    }
    return { id: note.id, number };
  });
}

/** The note a writer of its contract acts on, still a draft (or, for `signing`, waiting at the provider). */
export async function writableNote(data: ScopedData, user: SessionUser, id: number): Promise<Note> {
  const note = await data.unscoped('domainRule').select().from(handoverNotes).where(eq(handoverNotes.id, id)).get();
  if (!note) throw notFound();
  await writableContract(data, user, note.contractId);
  return note;
}

/**
 * Mark a note signed, by the provider's last signature or the paper's upload, and charge its findings: each a
 * pending damage charge on the contract, billed on the next bill, naming the handover and machine (its evidence)
 * and carrying the finding's photos. Only a note not yet signed moves (a repeated event finds it signed).
 */
export async function markSigned(
  tx: Db,
  note: Note,
  how: {
    signing: HandoverNoteSigning;
    lessorSigner: string;
    renterSigner: string;
    scanUrl?: string;
    at: number;
    byUserId: number;
  },
): Promise<number[]> {
  const moved = await tx
    .update(handoverNotes)
    .set({
      state: 'signed',
      signing: how.signing,
      lessorSigner: how.lessorSigner,
      renterSigner: how.renterSigner,
      scanUrl: how.scanUrl ?? '',
      signedAt: new Date(how.at),
    })
    .where(and(eq(handoverNotes.id, note.id), inArray(handoverNotes.state, ['draft', 'signing'])))
    .returning({ id: handoverNotes.id })
    .all();
  if (moved.length === 0) return [];
  const findings = await tx
    .select()
    .from(handoverNoteFindings)
    .where(eq(handoverNoteFindings.noteId, note.id))
    .orderBy(handoverNoteFindings.id)
    .all();
  const chargeIds: number[] = [];
  for (const f of findings) {
    const charge = await addCharge(
      tx,
      chargeForm.parse({
        contractId: note.contractId,
        kind: 'damage',
        amountCents: f.amountCents,
        reason: `${note.number} ${f.description}`.slice(0, 200),
        handoverId: note.handoverId,
        deviceId: f.deviceId,
        photos: f.photos,
        billing: 'next',
      }),
      // The note's own company: the check was made when the note was written and when it was sent.
      { userId: how.byUserId, mayWrite: (lessorOrgId) => lessorOrgId === note.orgId },
      how.at,
    );
    await tx.update(handoverNoteFindings).set({ chargeId: charge.id }).where(eq(handoverNoteFindings.id, f.id)).run();
    chargeIds.push(charge.id);
  }
  return chargeIds;
}

/** Record a note signed on paper: its scan and signers; allowed while a provider flow waits (its pages unused). */
export async function signOnPaper(
  db: Db,
  noteId: number,
  how: { lessorSigner: string; renterSigner: string; scanUrl: string; at: number; byUserId: number },
): Promise<number[]> {
  return unitOfWork(db, async (tx) => {
    const current = (await tx.select().from(handoverNotes).where(eq(handoverNotes.id, noteId)).get())!;
    if (current.state === 'signed') throw conflict('handoverNotes.notDraft');
    return markSigned(tx, current, { signing: 'paper', ...how });
  });
}
