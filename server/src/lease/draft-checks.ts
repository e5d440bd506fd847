import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '@console/db/client';
import { organisations, users } from '@console/db/schema/accounts';
import { deviceModels, devices } from '@console/db/schema/devices';
import { stores } from '@console/db/schema/lease';
import { esignTemplates } from '@console/db/schema/lease-esign';
import { ROLE } from '@console/contract/codes/roles';
import { API_STATUS } from '@console/contract/http/envelope';
import type { ContractDraftInput } from '@console/contract/lease/forms';
import { ApiError, invalidField } from '../lib/errors.ts';
import { claimedElsewhere } from './machines-held.ts';

/**
 * The checks of a draft against the database, made inside the unit of work that saves it: the renter, store,
 * salesperson, template, machines and models must be the lessor's; a machine must be in stock and on no other
 * contract that claims it.
 */
export async function checkDraftRefs(
  tx: Db,
  lessorOrgId: number,
  input: ContractDraftInput,
  contractId: number | null,
) {
  const renter = await tx.select().from(organisations).where(eq(organisations.id, input.renterId)).get();
  if (!renter || renter.kind !== 'customer' || renter.parentId !== lessorOrgId) {
    throw invalidField('renterId', 'lease.renterInvalid');
  }
  const store = await tx.select().from(stores).where(eq(stores.id, input.storeId)).get();
  if (!store || store.orgId !== lessorOrgId) throw invalidField('storeId', 'lease.storeInvalid');
  if (input.salespersonId !== null) {
    const sales = await tx.select().from(users).where(eq(users.id, input.salespersonId)).get();
    if (!sales || sales.orgId !== lessorOrgId || sales.roleId !== ROLE.lessorSales || sales.disabled) {
      throw invalidField('salespersonId', 'lease.salespersonInvalid');
    }
  }
  if (input.templateId !== null) {
    const template = await tx.select().from(esignTemplates).where(eq(esignTemplates.id, input.templateId)).get();
    if (!template || template.orgId !== lessorOrgId) throw invalidField('templateId', 'lease.templateInvalid');
  }
  await checkMachines(tx, lessorOrgId, input.lines, contractId, true);
  await checkModels(tx, lessorOrgId, input.lines);
}

/** The models of these lines are the lessor's own, or it has machines of them. */
export async function checkModels(tx: Db, lessorOrgId: number, lines: { modelId: number | null }[]) {
  const modelIds = [...new Set(lines.flatMap((l) => (l.modelId === null ? [] : [l.modelId])))];
  for (const modelId of modelIds) {
    const model = await tx.select().from(deviceModels).where(eq(deviceModels.id, modelId)).get();
    const owned =
      model &&
      (model.orgId === lessorOrgId ||
        (await tx
          .select({ id: devices.id })
          .from(devices)
          .where(and(eq(devices.modelId, modelId), eq(devices.orgId, lessorOrgId)))
          .limit(1)
          .get()));
    if (!owned) throw invalidField('lines', 'lease.modelInvalid');
  }
}

/**
 * The machines of these lines belong to the lessor and no other claiming contract holds them; `inStock` also asks
 * them to be in stock (a draft's check; a contract already running holds its machines as leased).
 */
export async function checkMachines(
  tx: Db,
  lessorOrgId: number,
  lines: { deviceId: number | null }[],
  contractId: number | null,
  inStock: boolean,
) {
  const ids = lines.flatMap((l) => (l.deviceId === null ? [] : [l.deviceId]));
  if (ids.length === 0) return;
  const machines = await tx.select().from(devices).where(inArray(devices.id, ids)).all();
  for (const id of ids) {
    const machine = machines.find((m) => m.id === id);
    if (!machine || machine.orgId !== lessorOrgId) throw invalidField('lines', 'lease.machineInvalid');
    if (inStock && machine.leaseStatus !== 'stock') {
      throw new ApiError(API_STATUS.invalid, 'lease.machineNotInStock', { serial: machine.serialNumber });
    }
  }
  const taken = await claimedElsewhere(tx, ids, contractId);
  if (taken) {
    const serial = machines.find((m) => m.id === taken.deviceId)!.serialNumber;
    throw new ApiError(API_STATUS.conflict, 'lease.machineTaken', { serial, number: taken.number });
  }
}
