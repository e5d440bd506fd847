/**
 * Charges beyond rent (docs/decisions/074-charges-and-credit-notes.md): adding one to a contract, cancelling it before
 * it is billed, billing it at once. Every move runs in one unit of work and checks, inside it, that the caller works
 * for the contract's rental company (`mayWrite`); the states and moves are `contract/codes/charges.ts`'s.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '@console/db/client';
import { writeChargeBill } from '@console/db/billing/charges';
import { chargePrices, charges } from '@console/db/schema/charges';
import { contracts } from '@console/db/schema/lease';
import { leaseHandoverMachines, leaseHandovers } from '@console/db/schema/lease-handover';
import { contractLines } from '@console/db/schema/lease';
import { bandPrice, chargeMove, MAX_CHARGE_CENTS } from '@console/contract/codes/charges';
import { LEASE_STATUS } from '@console/contract/codes/lease-flow';
import type { chargeForm } from '@console/contract/http/charges';
import type { z } from 'zod';
import { conflict, invalidField, notFound } from '../lib/errors.ts';
import { unitOfWork } from '../lib/unit-of-work.ts';
import { billingToday } from '../billing/zone.ts';

type ChargeInput = z.output<typeof chargeForm>;
export interface Writer {
  userId: number;
  mayWrite: (lessorOrgId: number) => boolean;
}

/** A contract takes charges once signed: while it runs, and after its end (a damage found at the last return). */
const CHARGEABLE: readonly number[] = [LEASE_STATUS.inExecution, LEASE_STATUS.closed, LEASE_STATUS.terminated];

/** The unit and total of a charge: from its price list entry (of the contract's own company), or as entered. */
async function priceOf(tx: Db, input: ChargeInput, lessorOrgId: number) {
  if (input.priceId === null) {
    return { priceId: null, priceName: '', unitCents: input.amountCents!, quantity: 1, distanceKm: null };
  }
  const entry = await tx
    .select()
    .from(chargePrices)
    .where(and(eq(chargePrices.id, input.priceId), eq(chargePrices.orgId, lessorOrgId)))
    .get();
  if (!entry || !entry.active) throw invalidField('priceId', 'charges.priceUnknown');
  if (entry.kind !== input.kind) throw invalidField('priceId', 'charges.priceOtherKind');
  if (entry.pricing === 'distance') {
    if (input.distanceKm === null) throw invalidField('distanceKm', 'charges.distanceRequired');
    const unit = bandPrice(entry.bands, input.distanceKm);
    if (unit === null) throw invalidField('distanceKm', 'charges.distanceBeyondBands');
    return { priceId: entry.id, priceName: entry.name, unitCents: unit, quantity: 1, distanceKm: input.distanceKm };
  }
  return {
    priceId: entry.id,
    priceName: entry.name,
    unitCents: entry.cents ?? 0,
    quantity: input.quantity,
    distanceKm: null,
  };
}

/** The handover and machine a charge names must be the contract's: a handover of it, a machine of that handover. */
async function checkEvidence(tx: Db, input: ChargeInput, contractId: number) {
  if (input.handoverId !== null) {
    const handover = await tx.select().from(leaseHandovers).where(eq(leaseHandovers.id, input.handoverId)).get();
    if (!handover || handover.contractId !== contractId) throw invalidField('handoverId', 'charges.handoverOther');
    if (input.deviceId !== null) {
      const onIt = await tx
        .select({ id: leaseHandoverMachines.id })
        .from(leaseHandoverMachines)
        .where(
          and(eq(leaseHandoverMachines.handoverId, handover.id), eq(leaseHandoverMachines.deviceId, input.deviceId)),
        )
        .get();
      if (!onIt) throw invalidField('deviceId', 'charges.machineOther');
    }
  } else if (input.deviceId !== null) {
    const onContract = await tx
      .select({ id: contractLines.id })
      .from(contractLines)
      .where(and(eq(contractLines.contractId, contractId), eq(contractLines.deviceId, input.deviceId)))
      .get();
    const handedOver = await tx
      .select({ id: leaseHandoverMachines.id })
      .from(leaseHandoverMachines)
      .innerJoin(leaseHandovers, eq(leaseHandovers.id, leaseHandoverMachines.handoverId))
      .where(and(eq(leaseHandovers.contractId, contractId), eq(leaseHandoverMachines.deviceId, input.deviceId)))
      .get();
    if (!onContract && !handedOver) throw invalidField('deviceId', 'charges.machineOther');
  }
}

/** Add a charge to a contract; billed `now`, its own bill is issued in the same unit of work. */
export async function addCharge(
  db: Db,
  input: ChargeInput,
  who: Writer,
  now: number,
): Promise<{ id: number; amountCents: number; billId: number | null }> {
  return unitOfWork(db, async (tx) => {
    const contract = await tx.select().from(contracts).where(eq(contracts.id, input.contractId)).get();
    if (!contract || !who.mayWrite(contract.lessorOrgId)) throw notFound();
    if (!CHARGEABLE.includes(contract.status)) throw conflict('charges.contractNotSigned');
    await checkEvidence(tx, input, contract.id);
    const price = await priceOf(tx, input, contract.lessorOrgId);
    const amountCents = price.unitCents * price.quantity;
    if (amountCents > MAX_CHARGE_CENTS) throw invalidField('quantity', 'charges.amountTooLarge');
    const row = await tx
      .insert(charges)
      .values({
        orgId: contract.lessorOrgId,
        renterOrgId: contract.renterOrgId,
        contractId: contract.id,
        kind: input.kind,
        ...price,
        amountCents,
        reason: input.reason,
        handoverId: input.handoverId,
        deviceId: input.deviceId,
        photos: input.photos,
        billing: input.billing,
        createdBy: who.userId,
        createdAt: new Date(now),
      })
      .returning({ id: charges.id })
      .get();
    let billId: number | null = null;
    if (input.billing === 'now') {
      const today = await billingToday(tx, contract.lessorOrgId, now);
      billId = await writeChargeBill(
        tx,
        {
          id: row.id,
          orgId: contract.lessorOrgId,
          renterOrgId: contract.renterOrgId,
          contractId: contract.id,
          amountCents,
        },
        contract,
        today,
      );
    }
    return { id: row.id, amountCents, billId };
  });
}

async function pendingCharge(tx: Db, id: number, who: Writer) {
  const charge = await tx.select().from(charges).where(eq(charges.id, id)).get();
  if (!charge || !who.mayWrite(charge.orgId)) throw notFound();
  return charge;
}

/** Cancel a charge not yet billed, with a reason. A billed charge is refused: a credit note corrects its bill. */
export async function cancelCharge(
  db: Db,
  input: { id: number; reason: string },
  who: Writer,
  now: number,
): Promise<{ id: number }> {
  return unitOfWork(db, async (tx) => {
    const charge = await pendingCharge(tx, input.id, who);
    const to = chargeMove(charge.state, 'cancel');
    if (!to) throw conflict('charges.notPending');
    await tx
      .update(charges)
      .set({ state: to, cancelledAt: new Date(now), cancelledBy: who.userId, cancelReason: input.reason })
      .where(and(eq(charges.id, charge.id), eq(charges.state, 'pending')))
      .run();
    return { id: charge.id };
  });
}

/** Bill a pending charge at once, on a bill of its own (also a `next` charge whose contract has no bill coming). */
export async function billChargeNow(
  db: Db,
  input: { id: number },
  who: Writer,
  now: number,
): Promise<{ id: number; billId: number }> {
  return unitOfWork(db, async (tx) => {
    const charge = await pendingCharge(tx, input.id, who);
    if (!chargeMove(charge.state, 'bill')) throw conflict('charges.notPending');
    const contract = (await tx.select().from(contracts).where(eq(contracts.id, charge.contractId)).get())!;
    const today = await billingToday(tx, charge.orgId, now);
    const billId = await writeChargeBill(tx, charge, contract, today);
    return { id: charge.id, billId };
  });
}
