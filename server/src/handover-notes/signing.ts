/**
 * Signing a handover note on the spot through the e-signature provider (decision 030's protocol): a flow for the
 * note's PDF with the renter's and the lessor's people as its signers; the provider's signed callbacks, at a path of
 * their own, record each signature and the last one marks the note signed (and charges a return's findings).
 */
import { and, eq } from 'drizzle-orm';
import type { Hono } from 'hono';
import { API_STATUS } from '@console/contract/http/envelope';
import type { CallbackBody } from '@console/contract/lease/esign-protocol';
import type { Db } from '@console/db/client';
import { handoverNoteCallbacks, handoverNotes } from '@console/db/schema/handover-notes';
import type { AppDeps } from '../lib/deps.ts';
import { ApiError, conflict } from '../lib/errors.ts';
import { unitOfWork } from '../lib/unit-of-work.ts';
import { verifyCallback } from '../lease/callbacks.ts';
import {
  createEsignClient,
  ESIGN_CALLBACK_PATH,
  EsignUnavailable,
  esignSettings,
  type EsignClient,
} from '../lease/esign-client.ts';
import { markSigned, type Note } from './notes.ts';

/** Where the provider calls back for handover notes (beside the contracts' own path). */
export const NOTE_CALLBACK_PATH = '/api/handoverNote/esignCallback.do';

/** The provider's reference of a note's flow: never a bare number, so it cannot be taken for a contract's. */
export const noteReference = (id: number) => `handover-note-${id}`;

const unavailable = () => new ApiError(API_STATUS.conflict, 'lease.signingUnavailable');

/** The callback URL of note flows: the contracts' one with this path in place of theirs. */
function noteCallbackUrl(deps: AppDeps): string {
  const url = esignSettings(deps.env).callbackUrl;
  return url.endsWith(ESIGN_CALLBACK_PATH)
    ? `${url.slice(0, -ESIGN_CALLBACK_PATH.length)}${NOTE_CALLBACK_PATH}`
    : new URL(NOTE_CALLBACK_PATH, url).toString();
}

export function noteEsign(deps: AppDeps): EsignClient {
  return createEsignClient(esignSettings(deps.env), deps.now);
}

/**
 * Send a draft note to the provider: the renter's person signs first, then the lessor's (the protocol's order), both
 * on the spot on the pages the provider answers. The slow work is done first; the note must still be a draft when
 * the flow is recorded, or the new flow is called off.
 */
export async function startNoteSigning(
  deps: AppDeps,
  db: Db,
  note: Note,
  pdf: Uint8Array,
  client: EsignClient = noteEsign(deps),
): Promise<{ id: number; lesseeUrl: string; lessorUrl: string }> {
  if (note.state !== 'draft') throw conflict('handoverNotes.notDraft');
  if (!esignSettings(deps.env).secret) throw unavailable();
  let flow;
  try {
    flow = await client.createFlow({
      reference: noteReference(note.id),
      title: note.number,
      document: Buffer.from(pdf).toString('base64'),
      signers: [
        { role: 'lessee', name: note.renterName, mobile: '', sealText: '' },
        { role: 'lessor', name: note.lessorName, mobile: '', sealText: '' },
      ],
      callbackUrl: noteCallbackUrl(deps),
    });
  } catch (error) {
    if (error instanceof EsignUnavailable) throw unavailable();
    throw error;
  }
  const recorded = await unitOfWork(db, (tx) =>
    tx
      .update(handoverNotes)
      .set({
        state: 'signing',
        signing: 'esign',
        providerFlowId: flow.flowId,
        lesseeUrl: flow.lesseeUrl,
        lessorUrl: flow.lessorUrl,
      })
      .where(and(eq(handoverNotes.id, note.id), eq(handoverNotes.state, 'draft')))
      .returning({ id: handoverNotes.id })
      .all(),
  );
  if (recorded.length === 0) {
    await client.cancelFlow(flow.flowId).catch(() => undefined);
    throw conflict('handoverNotes.notDraft');
  }
  return { id: note.id, lesseeUrl: flow.lesseeUrl, lessorUrl: flow.lessorUrl };
}

export type NoteCallbackOutcome = 'applied' | 'repeated' | 'ignored' | 'early' | 'unknown';
const HTTP: Record<NoteCallbackOutcome, 200 | 404 | 409> = {
  applied: 200,
  repeated: 200,
  ignored: 200,
  early: 409,
  unknown: 404,
};

/**
 * Apply a verified callback to its note: the renter's signature is recorded; the lessor's, after it, signs the note
 * (and charges its findings); a refusal or failure sends the note back to a draft, to be signed again or on paper.
 */
export async function applyNoteCallback(db: Db, event: CallbackBody, now: number): Promise<NoteCallbackOutcome> {
  return unitOfWork(db, async (tx) => {
    if (await tx.select().from(handoverNoteCallbacks).where(eq(handoverNoteCallbacks.eventId, event.eventId)).get())
      return 'repeated';
    const note = await tx.select().from(handoverNotes).where(eq(handoverNotes.providerFlowId, event.flowId)).get();
    if (!note || noteReference(note.id) !== event.reference) return 'unknown';
    const record = () =>
      tx
        .insert(handoverNoteCallbacks)
        .values({ eventId: event.eventId, noteId: note.id, type: event.type, receivedAt: new Date(now) })
        .run();
    if (note.state !== 'signing') {
      await record();
      return 'ignored';
    }
    if (event.type === 'lesseeSigned') {
      await tx.update(handoverNotes).set({ renterSigner: event.signer }).where(eq(handoverNotes.id, note.id)).run();
    } else if (event.type === 'lessorSigned') {
      if (note.renterSigner === '') return 'early';
      await markSigned(tx, note, {
        signing: 'esign',
        renterSigner: note.renterSigner,
        lessorSigner: event.signer,
        at: event.at,
        byUserId: note.createdBy,
      });
    } else {
      await tx
        .update(handoverNotes)
        .set({ state: 'draft', signing: null, providerFlowId: null, lesseeUrl: '', lessorUrl: '', renterSigner: '' })
        .where(eq(handoverNotes.id, note.id))
        .run();
    }
    await record();
    return 'applied';
  });
}

/** The provider's callback for notes: verified on its raw body before anything reads it, as the contracts' one. */
export function registerHandoverNoteCallback(app: Hono, deps: AppDeps): void {
  app.post(NOTE_CALLBACK_PATH, async (c) => {
    const raw = await c.req.text();
    const verified = verifyCallback(esignSettings(deps.env), (name) => c.req.header(name), raw, deps.now());
    if (!verified.ok) {
      deps.log('warn', `handover note e-signature callback refused: ${verified.reason}`);
      return c.json({ ok: false, reason: verified.reason }, verified.http);
    }
    const outcome = await applyNoteCallback(deps.dbh.db, verified.body, deps.now());
    return c.json({ ok: outcome !== 'unknown' && outcome !== 'early', outcome }, HTTP[outcome]);
  });
}
