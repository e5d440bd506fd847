import { and, eq, inArray, like, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '@console/db/client';
import { organisations } from '@console/db/schema/accounts';
import { alarms } from '@console/db/schema/warning';
import { workOrderEvents, workOrders } from '@console/db/schema/work-orders';
import { OPEN_STATUSES, WO_STATUS } from '@console/contract/codes/work-order-flow';
import { createWorkOrderInput, type CreateWorkOrderInput } from '@console/contract/http/work-order-forms';
import { API_STATUS } from '@console/contract/http/envelope';
import { isMessageKey } from '@console/contract/messages/translate';
import { ApiError, invalidField } from '../lib/errors.ts';
import type { SessionUser } from '../lib/session.ts';
import { dayInZone } from '../lib/time.ts';
import { visibleDevice } from '../routes/device-access.ts';

/**
 * What another area passes to raise a work order in one step. The machine's kind and a contact phone may be
 * left out: they are taken from the machine (its kind; its customer's, else its owner's contact phone).
 */
export type RaiseWorkOrderInput = Omit<CreateWorkOrderInput, 'deviceKind' | 'phone'> &
  Partial<Pick<CreateWorkOrderInput, 'deviceKind' | 'phone'>>;

/** Numbers are counted per day of the operator's calendar, so WO202611250001 is the first of 25 November. */
const NUMBER_ZONE = 'Asia/Shanghai';

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

/** The next free number of the day; the unique index is the final guard. */
export function nextWorkOrderNumber(db: Db, now: number): string {
  const prefix = `WO${dayInZone(now, NUMBER_ZONE).replaceAll('-', '')}`;
  const last = db
    .select({ number: sql<string | null>`max(${workOrders.number})` })
    .from(workOrders)
    .where(like(workOrders.number, `${prefix}%`))
    .get()?.number;
  const seq = last ? Number(last.slice(prefix.length)) + 1 : 1;
  return `${prefix}${String(seq).padStart(4, '0')}`;
}

function contactPhone(db: Db, orgIds: (number | null)[]): string {
  const ids = orgIds.filter((id): id is number => id !== null);
  const rows = db
    .select({ id: organisations.id, phone: organisations.contactPhone })
    .from(organisations)
    .where(inArray(organisations.id, ids))
    .all();
  return ids.map((id) => rows.find((r) => r.id === id)?.phone ?? '').find((p) => p !== '') ?? '';
}

/**
 * Create a work order (status pending) and its first timeline row. Synchronous, so a caller runs it inside its
 * own transaction (`db.transaction((tx) => createWorkOrder(tx, user, input))`) and its own record and the
 * order are written together or not at all. It checks that the machine is one the user sees (else "not found")
 * and that a source has no unresolved order yet; who may raise one is the caller's rule (create.do: the
 * machine's keepers). Attachments must be urls the caller has checked (create.do: the user's own pictures).
 */
export function createWorkOrder(
  db: Db,
  user: SessionUser,
  input: RaiseWorkOrderInput,
  now: number = Date.now(),
): { id: number; number: string } {
  const device = visibleDevice(db, user, input.deviceId);
  const parsed = createWorkOrderInput.safeParse({
    ...input,
    deviceKind: input.deviceKind ?? device.kind,
    phone: input.phone ?? contactPhone(db, [device.customerOrgId, device.orgId]),
  });
  if (!parsed.success) throw invalid(parsed.error);
  const form = parsed.data;
  if (form.deviceKind !== device.kind) throw invalidField('deviceKind', 'workOrders.kindMismatch');
  const source = form.source;
  if (source) {
    if (source.kind === 'alarm') {
      const alarm = db.select({ deviceId: alarms.deviceId }).from(alarms).where(eq(alarms.id, source.id)).get();
      if (!alarm || alarm.deviceId !== device.id) throw invalidField('source', 'workOrders.sourceNotFound');
    }
    const taken = db
      .select({ number: workOrders.number })
      .from(workOrders)
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
  const number = nextWorkOrderNumber(db, now);
  const at = new Date(now);
  const created = db
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
  db.insert(workOrderEvents)
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
