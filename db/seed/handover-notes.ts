import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { organisations } from '../schema/accounts.ts';
import { devices } from '../schema/devices.ts';
import { leaseHandoverMachines, leaseHandovers } from '../schema/lease-handover.ts';
import { handoverNoteFindings, handoverNoteMachines, handoverNotes } from '../schema/handover-notes.ts';
import { DEFAULT_CHECKLIST } from '@console/contract/http/handover-notes';
import { BUSINESSES, say } from './business.ts';

/**
 * A few handover notes (docs/decisions/076-handover-notes.md) per rental company, in its brand's language: its first
 * confirmed delivery with a delivery note signed through the provider, and its first confirmed return with a return
 * note still waiting to be signed, one damage finding on it (charged once signed, so no charge yet). Readings are
 * the ones the handover read from the machines' reports; fuel from the machine's last report.
 */

const TEXT = {
  lessorName: { zh: '王师傅', en: 'Sam Carter' },
  renterName: { zh: '李工', en: 'Jordan Lee' },
  worn: { zh: '左前轮轻微磨损', en: 'Front left tyre slightly worn' },
  damage: { zh: '护栏变形，需校正', en: 'Bent guard rail, to be straightened' },
} as const;

export async function seedHandoverNotes(db: Db, now: number): Promise<void> {
  for (const business of BUSINESSES) {
    const lessor = await db
      .select({ id: organisations.id })
      .from(organisations)
      .where(eq(organisations.name, business.lessor))
      .get();
    if (!lessor) continue;
    const lang = business.lang;
    for (const kind of ['entry', 'exit'] as const) {
      const handover = await db
        .select()
        .from(leaseHandovers)
        .where(
          and(
            eq(leaseHandovers.orgId, lessor.id),
            eq(leaseHandovers.kind, kind),
            eq(leaseHandovers.state, 'confirmed'),
          ),
        )
        .orderBy(asc(leaseHandovers.id))
        .get();
      if (!handover) continue;
      const machines = await db
        .select()
        .from(leaseHandoverMachines)
        .where(eq(leaseHandoverMachines.handoverId, handover.id))
        .orderBy(asc(leaseHandoverMachines.id))
        .all();
      if (machines.length === 0) continue;
      const at = handover.confirmedAt ?? new Date(now);
      const signed = kind === 'entry';
      const note = await db
        .insert(handoverNotes)
        .values({
          orgId: handover.orgId,
          renterOrgId: handover.renterOrgId,
          contractId: handover.contractId,
          handoverId: handover.id,
          kind: signed ? 'delivery' : 'return',
          number: `${handover.number}-${signed ? 'D' : 'R'}`,
          lang,
          state: signed ? 'signed' : 'draft',
          lessorName: handover.deliveredBy || say(lang, TEXT.lessorName),
          renterName: handover.receivedBy || say(lang, TEXT.renterName),
          signing: signed ? 'esign' : null,
          lessorSigner: signed ? handover.deliveredBy || say(lang, TEXT.lessorName) : '',
          renterSigner: signed ? handover.receivedBy || say(lang, TEXT.renterName) : '',
          signedAt: signed ? at : null,
          createdBy: handover.confirmedBy ?? handover.createdBy,
          createdAt: at,
        })
        .returning({ id: handoverNotes.id })
        .get();
      const reports = await db
        .select({ id: devices.id, latest: devices.latest })
        .from(devices)
        .where(
          inArray(
            devices.id,
            machines.map((m) => m.deviceId),
          ),
        )
        .all();
      for (const [i, m] of machines.entries()) {
        const latest = (reports.find((d) => d.id === m.deviceId)?.latest ?? {}) as Record<string, unknown>;
        await db
          .insert(handoverNoteMachines)
          .values({
            noteId: note.id,
            deviceId: m.deviceId,
            hourMeter: m.hourMeter,
            fuelPct: typeof latest.fuelPct === 'number' ? latest.fuelPct : null,
            batteryPct: m.batteryPct,
            readAt: m.readAt,
            checklist: DEFAULT_CHECKLIST[lang].map((item, k) => ({
              item,
              // The first machine's tyres show wear.
              ok: !(i === 0 && k === 1),
              remark: i === 0 && k === 1 ? say(lang, TEXT.worn) : '',
            })),
            photos: m.photos,
          })
          .run();
      }
      if (!signed) {
        await db
          .insert(handoverNoteFindings)
          .values({
            noteId: note.id,
            deviceId: machines[0]!.deviceId,
            description: say(lang, TEXT.damage),
            amountCents: 60_000,
            photos: machines[0]!.photos,
          })
          .run();
      }
    }
  }
}
