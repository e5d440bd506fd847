/** The charges price list (decision 074): a rental company's administrator keeps its own entries. */
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '@console/db/client';
import { chargePrices } from '@console/db/schema/charges';
import type { chargePriceForm } from '@console/contract/http/charges';
import { notFound } from '../lib/errors.ts';
import { unitOfWork } from '../lib/unit-of-work.ts';

/** Add an entry or change one of the user's company (charges already made keep their amounts and names). */
export async function saveChargePrice(
  db: Db,
  input: z.output<typeof chargePriceForm>,
  who: { userId: number; orgId: number },
  now: number,
): Promise<{ id: number }> {
  const values = {
    kind: input.kind,
    name: input.name,
    pricing: input.pricing,
    cents: input.pricing === 'fixed' ? input.cents : null,
    bands: input.pricing === 'distance' ? input.bands : [],
    active: input.active,
    updatedBy: who.userId,
    updatedAt: new Date(now),
  };
  return unitOfWork(db, async (tx) => {
    if (input.id === undefined) {
      return tx
        .insert(chargePrices)
        .values({ ...values, orgId: who.orgId })
        .returning({ id: chargePrices.id })
        .get();
    }
    const changed = await tx
      .update(chargePrices)
      .set(values)
      .where(and(eq(chargePrices.id, input.id), eq(chargePrices.orgId, who.orgId)))
      .returning({ id: chargePrices.id })
      .get();
    if (!changed) throw notFound();
    return changed;
  });
}
