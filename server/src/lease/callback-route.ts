import { eq } from 'drizzle-orm';
import type { Hono } from 'hono';
import { contracts } from '@console/db/schema/lease';
import type { AppDeps } from '../lib/deps.ts';
import { applyCallback, CALLBACK_HTTP, verifyCallback } from './callbacks.ts';
import { ESIGN_CALLBACK_PATH, esignSettings } from './esign-client.ts';

/**
 * The provider's callback (decision 030): the raw body is verified before anything reads it, then applied in one
 * unit of work; the HTTP status tells the provider whether to send it again. Not an envelope endpoint: the
 * provider, not the console, calls it, signed with the app secret rather than a session.
 */
export function registerEsignCallback(app: Hono, deps: AppDeps): void {
  app.post(ESIGN_CALLBACK_PATH, async (c) => {
    const raw = await c.req.text();
    // Fresh by the server's clock: a simulated provider follows the same clock when the server follows the
    // simulator's (CLOCK_URL), as a real provider and a production server share the wall clock.
    const verified = verifyCallback(esignSettings(deps.env), (name) => c.req.header(name), raw, deps.now());
    if (!verified.ok) {
      deps.log('warn', `e-signature callback refused: ${verified.reason}`);
      return c.json({ ok: false, reason: verified.reason }, verified.http);
    }
    const outcome = await applyCallback(deps.dbh.db, verified.body, deps.now());
    if (outcome === 'applied') await announceMove(deps, Number(verified.body.reference));
    return c.json({ ok: outcome !== 'unknown' && outcome !== 'early', outcome }, CALLBACK_HTTP[outcome]);
  });
}

/**
 * The parties' open pages follow the provider: the contract's detail refreshes when its status moves. A change
 * (decision 041) is a contract of its own that, once signed, rewrites the contract it changes: that contract's open
 * pages are told too, so they show the new lines and total without a reload.
 */
async function announceMove(deps: AppDeps, contractId: number): Promise<void> {
  const db = deps.dbh.db;
  const contract = await db.select().from(contracts).where(eq(contracts.id, contractId)).get();
  if (!contract) return;
  const changed = contract.changeOf
    ? await db.select().from(contracts).where(eq(contracts.id, contract.changeOf)).get()
    : null;
  for (const moved of changed ? [contract, changed] : [contract]) {
    deps.live.publish(
      { type: 'contract', id: moved.id, status: moved.status, at: deps.now() },
      { orgIds: [moved.lessorOrgId, moved.renterOrgId] },
    );
  }
}
