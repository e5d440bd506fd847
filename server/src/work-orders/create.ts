import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { ScopedWrite } from '../lib/data.ts';
import { organisations } from '@console/db/schema/accounts';
import { alarms } from '@console/db/schema/warning';
import { faultRecords } from '@console/db/schema/faults';
import { feedback } from '@console/db/schema/feedback';
import { upkeepPlans } from '@console/db/schema/upkeep';
import { leaseHandoverMachines } from '@console/db/schema/lease-handover';
import { workOrderEvents, workOrders } from '@console/db/schema/work-orders';
import { OPEN_STATUSES, WO_STATUS } from '@console/contract/codes/work-order-flow';
import {
  createWorkOrderInput,
  type CreateWorkOrderInput,
  type WORK_ORDER_SOURCE_KINDS,
} from '@console/contract/http/work-order-forms';
import { API_STATUS } from '@console/contract/http/envelope';
import { isMessageKey } from '@console/contract/messages/translate';
import { ApiError, invalidField } from '../lib/errors.ts';
import type { SessionUser } from '../lib/session.ts';
import { orgNumberDay } from '../lib/org-day.ts';
import { nextWorkOrderNumber } from '@console/db/doc-numbers';
import { visibleDevice } from '../lib/device-access.ts';

/**
 * What another area passes to raise a work order in one step. The machine's kind and a contact phone may be
 * left out: they are taken from the machine (its kind; its customer's, else its owner's contact phone).
 */
export type RaiseWorkOrderInput = Omit<CreateWorkOrderInput, 'deviceKind' | 'phone'> &
  Partial<Pick<CreateWorkOrderInput, 'deviceKind' | 'phone'>>;

function invalid(error: z.ZodError): ApiError {
  const issues = error.issues.map((i) => ({
    path: i.path.join('.') || 'body',
    message: isMessageKey(i.message) ? i.message : 'validation.invalid',
  }));
  const first = issues[0]!;
  return new ApiError(
    API_STATUS.invalid,
    'error.invalidField',
    { field: first.path, reason: first.message },
    { field: first.path, issues },
  );
}

/** The table of each kind of source; every one belongs to one machine. */
const SOURCE_TABLES = {
  alarm: alarms,
  fault: faultRecords,
  upkeep: upkeepPlans,
  feedback,
  // A machine of a lease exit (return) whose inspection found damage.
  leaseExit: leaseHandoverMachines,
} as const;

/** The machine a source record belongs to, or undefined when no such record exists. */
async function sourceDeviceId(
  tx: ScopedWrite,
  kind: (typeof WORK_ORDER_SOURCE_KINDS)[number],
  id: number,
): Promise<number | undefined> {
  const table = SOURCE_TABLES[kind];
  return (
    await tx
      .select({ deviceId: table.deviceId })
      .from(table, tx.viaDevice(table.deviceId))
      .where(eq(table.id, id))
      .get()
  )?.deviceId;
}

async function contactPhone(tx: ScopedWrite, orgIds: (number | null)[]): Promise<string> {
  const ids = orgIds.filter((id): id is number => id !== null);
  const rows = await tx
    .unscoped('referencedNames')
    .select({ id: organisations.id, phone: organisations.contactPhone })
    .from(organisations)
    .where(inArray(organisations.id, ids))
    .all();
  return ids.map((id) => rows.find((r) => r.id === id)?.phone ?? '').find((p) => p !== '') ?? '';
}

/**
 * Create a work order (status pending) and its first timeline row. Synchronous, so a caller runs it inside its
 * own unit of work (`data.write((tx) => createWorkOrder(tx, user, input))`) and its own record and the
 * order are written together or not at all. It checks that the machine is one the user sees (else "not found")
 * and that a source has no unresolved order yet; who may raise one is the caller's rule (create.do: the
 * machine's keepers). Attachments must be urls the caller has checked (create.do: the user's own pictures).
 */
export async function createWorkOrder(
  tx: ScopedWrite,
  user: SessionUser,
  input: RaiseWorkOrderInput,
  now: number = Date.now(),
): Promise<{ id: number; number: string }> {
  const device = await visibleDevice(tx, input.deviceId);
  const parsed = createWorkOrderInput.safeParse({
    ...input,
    deviceKind: input.deviceKind ?? device.kind,
    phone: input.phone ?? (await contactPhone(tx, [device.customerOrgId, device.orgId])),
  });
  if (!parsed.success) throw invalid(parsed.error);
  const form = parsed.data;
  if (form.deviceKind !== device.kind) throw invalidField('deviceKind', 'workOrders.kindMismatch');
  const source = form.source;
  if (source) {
    // A source is a record of this very machine (which the user sees): never another company's record, whose
    // order would then block its owner and name an order number of ours.
    if ((await sourceDeviceId(tx, source.kind, source.id)) !== device.id) {
      throw invalidField('source', 'workOrders.sourceNotFound');
    }
    const taken = await tx
      .select({ number: workOrders.number })
      .from(workOrders, tx.viaDevice(workOrders.deviceId))
      .where(
        and(
          eq(workOrders.source, source.kind),
          eq(workOrders.sourceId, source.id),
          inArray(workOrders.status, [...OPEN_STATUSES]),
        ),
      )
      .get();
    if (taken) throw new ApiError(API_STATUS.conflict, 'workOrders.sourceTaken', { number: taken.number });
  }
  // Numbers are unique across every organisation.
  const number = await nextWorkOrderNumber(
    tx.unscoped('uniqueness'),
    await orgNumberDay(tx.unscoped('uniqueness'), device.orgId, now),
  );
  const at = new Date(now);
  const created = await tx
    .insert(workOrders)
    .values({
      number,
      title: form.title,
      type: form.type,
      level: form.level,
      status: WO_STATUS.pending,
      deviceId: device.id,
      deviceKind: device.kind,
      orgId: device.orgId,
      source: source?.kind ?? 'manual',
      sourceId: source?.id ?? null,
      province: form.province,
      city: form.city,
      district: form.district,
      address: form.address,
      areaCode: form.areaCode,
      phone: form.phone,
      content: form.content,
      attachments: form.attachments,
      remark: form.remark,
      createdBy: user.id,
      createdAt: at,
      updatedAt: at,
    })
    .returning({ id: workOrders.id })
    .get();
  await tx
    .insert(workOrderEvents)
    .values({
      workOrderId: created.id,
      action: 'create',
      userId: user.id,
      fromStatus: null,
      toStatus: WO_STATUS.pending,
      remark: form.remark,
      details: source ? { source: source.kind, sourceId: source.id } : {},
      at,
    })
    .run();
  return { id: created.id, number };
}
