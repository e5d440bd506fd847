import { and, eq } from 'drizzle-orm';
import { deviceModels, devices } from '@console/db/schema/devices';
import { contracts } from '@console/db/schema/lease';
import { leaseHandovers } from '@console/db/schema/lease-handover';
import { handoverNoteFindings, handoverNoteMachines, handoverNotes } from '@console/db/schema/handover-notes';
import { handoverNoteEndpoints as api, type NoteRow } from '@console/contract/http/handover-notes';
import type { ScopedData } from '../../lib/data.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { route, type RouteDef } from '../../lib/route.ts';
import type { SessionUser } from '../../lib/session.ts';
import { formatInZone } from '../../lib/time.ts';
import { requireUpload } from '../../lib/uploads.ts';
import { nameInSql, orgBrand } from '../../lib/org-brand.ts';
import { mapInOrder } from '@console/db/in-order';
import { writesContracts } from '../../lease/access.ts';
import { brandLang } from '../../quotes/moves.ts';
import { createNote, signOnPaper, writableNote, type Note } from '../../handover-notes/notes.ts';
import { handoverNotePdf } from '../../handover-notes/pdf.ts';
import { startNoteSigning } from '../../handover-notes/signing.ts';
import { noteHandoverScope } from '../../handover-notes/scope.ts';

/** Notes follow their handover: whoever reads the entry or exit reads its note (decision 035's rule). */
function visibleNotes(data: ScopedData, user: SessionUser) {
  const scope = noteHandoverScope(data, user);
  if (!scope) return null;
  const handovers = data.select({ id: leaseHandovers.id }).from(leaseHandovers, scope);
  return data
    .select({ n: handoverNotes, handoverNumber: leaseHandovers.number, contractNumber: contracts.number })
    .from(handoverNotes, data.within(handoverNotes.handoverId, handovers))
    .innerJoin(leaseHandovers, eq(leaseHandovers.id, handoverNotes.handoverId))
    .innerJoin(contracts, eq(contracts.id, handoverNotes.contractId));
}

type Read = { n: Note; handoverNumber: string; contractNumber: string };

const rowOf = ({ n, handoverNumber, contractNumber }: Read, timeZone: string): NoteRow => ({
  id: n.id,
  number: n.number,
  kind: n.kind,
  state: n.state,
  lang: n.lang,
  handoverId: n.handoverId,
  handoverNumber,
  contractId: n.contractId,
  contractNumber,
  lessorName: n.lessorName,
  renterName: n.renterName,
  signing: n.signing,
  signedAt: n.signedAt ? formatInZone(n.signedAt, timeZone) : '',
  createdAt: formatInZone(n.createdAt, timeZone),
});

async function visibleNote(data: ScopedData, user: SessionUser, id: number): Promise<Read> {
  const read = visibleNotes(data, user);
  const row = read ? await read.where(eq(handoverNotes.id, id)).get() : undefined;
  if (!row) throw notFound();
  return row as Read;
}

/** The lessor's writers of the contract sign its notes (a salesperson: under their own contracts). */
const mayWrite = (user: SessionUser, n: Note) => writesContracts(user) && user.orgId === n.orgId && n.state === 'draft';

export const handoverNoteRoutes: RouteDef[] = [
  route(api.list, async ({ query, user, data, timeZone }) => {
    const read = visibleNotes(data, user);
    if (!read) return { list: [] };
    const rows = await read
      .where(
        and(
          query.handoverId === undefined ? undefined : eq(handoverNotes.handoverId, query.handoverId),
          query.contractId === undefined ? undefined : eq(handoverNotes.contractId, query.contractId),
        ),
      )
      .orderBy(handoverNotes.id)
      .all();
    return { list: (rows as Read[]).map((r) => rowOf(r, timeZone)) };
  }),
  route(api.detail, async ({ query, user, data, deps, timeZone }) => {
    const read = await visibleNote(data, user, query.id);
    const n = read.n;
    const db = data.unscoped('alreadyScoped');
    const machines = await db
      .select({ m: handoverNoteMachines, serial: devices.serialNumber, model: nameInSql(deviceModels, data.lang) })
      .from(handoverNoteMachines)
      .innerJoin(devices, eq(devices.id, handoverNoteMachines.deviceId))
      .leftJoin(deviceModels, eq(deviceModels.id, devices.modelId))
      .where(eq(handoverNoteMachines.noteId, n.id))
      .orderBy(handoverNoteMachines.id)
      .all();
    const findings = await db
      .select({ f: handoverNoteFindings, serial: devices.serialNumber })
      .from(handoverNoteFindings)
      .innerJoin(devices, eq(devices.id, handoverNoteFindings.deviceId))
      .where(eq(handoverNoteFindings.noteId, n.id))
      .orderBy(handoverNoteFindings.id)
      .all();
    const writer = mayWrite(user, n);
    return {
      ...rowOf(read, timeZone),
      remark: n.remark,
      machines: machines.map(({ m, serial, model }) => ({
        deviceId: m.deviceId,
        serialNumber: serial,
        modelName: model ?? '',
        hourMeter: m.hourMeter,
        fuelPct: m.fuelPct,
        batteryPct: m.batteryPct,
        readAt: m.readAt ? formatInZone(m.readAt, timeZone) : '',
        checklist: m.checklist,
        photos: m.photos,
      })),
      findings: findings.map(({ f, serial }) => ({
        id: f.id,
        deviceId: f.deviceId,
        serialNumber: serial,
        description: f.description,
        amountCents: f.amountCents,
        photos: f.photos,
        chargeId: f.chargeId,
      })),
      // The signing pages are the parties' on the spot: shown to the lessor's writers only.
      lesseeUrl: writesContracts(user) && user.orgId === n.orgId ? n.lesseeUrl : '',
      lessorUrl: writesContracts(user) && user.orgId === n.orgId ? n.lessorUrl : '',
      renterSigner: n.renterSigner,
      lessorSigner: n.lessorSigner,
      scanUrl: n.scanUrl,
      money: (await orgBrand(deps, db, n.orgId)).money,
      canSign: writer,
    };
  }),
  route(api.create, async ({ body, user, data, deps }) => {
    // Photos are pictures the user's own organisation uploaded (kind photo).
    const photos = (list: string[], field: string) =>
      mapInOrder(list, (url, k) => requireUpload(deps, user, url, `${field}.${k}`, { kinds: ['photo'] }));
    const machines = await mapInOrder(body.machines, async (m, i) => ({
      ...m,
      photos: await photos(m.photos, `machines.${i}.photos`),
    }));
    const findings = await mapInOrder(body.findings, async (f, i) => ({
      ...f,
      photos: await photos(f.photos, `findings.${i}.photos`),
    }));
    const handover = await data
      .unscoped('domainRule')
      .select({ orgId: leaseHandovers.orgId })
      .from(leaseHandovers)
      .where(eq(leaseHandovers.id, body.handoverId))
      .get();
    if (!handover) throw notFound();
    const lang = body.lang ?? (await brandLang(deps, data.unscoped('referencedNames'), handover.orgId));
    return createNote(data, user, { ...body, machines, findings, lang }, deps.now());
  }),
  route(api.pdf, async ({ query, user, data, deps, timeZone }) => {
    const { n } = await visibleNote(data, user, query.id);
    const db = data.unscoped('alreadyScoped');
    const made = await handoverNotePdf(db, n.id, (await orgBrand(deps, db, n.orgId)).money, timeZone);
    if (!made) throw notFound();
    return {
      fileName: `${made.number}.pdf`,
      mimeType: 'application/pdf',
      content: Buffer.from(made.bytes).toString('base64'),
    };
  }),
  route(api.sign, async ({ body, user, data, deps, timeZone, setMessage }) => {
    const note = await writableNote(data, user, body.id);
    if (note.state !== 'draft') throw conflict('handoverNotes.notDraft');
    const db = data.unscoped('domainRule');
    const made = (await handoverNotePdf(db, note.id, (await orgBrand(deps, db, note.orgId)).money, timeZone))!;
    const started = await startNoteSigning(deps, db, note, made.bytes);
    setMessage('handoverNotes.signing');
    return started;
  }),
  route(api.paper, async ({ body, user, data, deps, setMessage }) => {
    const note = await writableNote(data, user, body.id);
    const scanUrl = await requireUpload(deps, user, body.scanUrl, 'scanUrl', { kinds: ['pdf', 'photo'] });
    const chargeIds = await signOnPaper(data.unscoped('domainRule'), note.id, {
      lessorSigner: body.lessorSigner,
      renterSigner: body.renterSigner,
      scanUrl,
      at: deps.now(),
      byUserId: user.id,
    });
    setMessage('handoverNotes.signed');
    return { id: note.id, chargeIds };
  }),
];
