import { and, asc, count, desc, eq, gte, inArray, lt, or, type SQL } from 'drizzle-orm';
import type { Db } from '@console/db/client';
import { devices } from '@console/db/schema/devices';
import { feedback } from '@console/db/schema/feedback';
import { FEEDBACK_HANDLERS, feedbackEndpoints, type FeedbackRow } from '@console/contract/http/feedback';
import type { AppDeps } from '../../lib/deps.ts';
import { conflict, forbidden, invalidField, notFound } from '../../lib/errors.ts';
import { keepsMachine, userNames } from '../../lib/maintenance.ts';
import { route, type RouteDef } from '../../lib/route.ts';
import { orgNames, visibleOrgIds } from '../../lib/scope.ts';
import type { SessionUser } from '../../lib/session.ts';
import { formatInZone, startOfDayInZone } from '../../lib/time.ts';
import { requireUpload } from '../../lib/uploads.ts';
import { likeText } from '../peripherals/shared.ts';
import { followWorkOrders } from './follow.ts';

const DAY_MS = 24 * 3600 * 1000;
const PENDING = 1;
type FeedbackRecord = typeof feedback.$inferSelect;

/**
 * The feedback a user sees: what their organisations sent (a customer), and what arrived for machines their
 * organisations own (the owning company's staff).
 */
export function visibleFeedback(db: Db, user: SessionUser): SQL {
  const orgs = visibleOrgIds(db, user);
  return or(inArray(feedback.orgId, orgs), inArray(feedback.reporterOrgId, orgs))!;
}

export function findFeedback(db: Db, user: SessionUser, id: number) {
  const row = db
    .select({ record: feedback, serialNumber: devices.serialNumber })
    .from(feedback)
    .innerJoin(devices, eq(devices.id, feedback.deviceId))
    .where(and(eq(feedback.id, id), visibleFeedback(db, user)))
    .get();
  if (!row) throw notFound();
  return row;
}

/** Pending feedback the user may handle: a handler of the company that owns the machine. */
export function pendingFeedback(db: Db, user: SessionUser, id: number): FeedbackRecord {
  const { record } = findFeedback(db, user, id);
  if (!(FEEDBACK_HANDLERS as readonly number[]).includes(user.roleId) || !keepsMachine(db, user, record.orgId)) {
    throw forbidden();
  }
  // Turned into a work order it follows the order, and is no longer handled here.
  if (record.status !== PENDING || record.workOrderId !== null) throw conflict('feedback.notPending');
  return record;
}

function present(
  db: Db,
  user: SessionUser,
  rows: { record: FeedbackRecord; serialNumber: string }[],
  timeZone: string,
) {
  const handlers = userNames(
    db,
    rows.map((r) => r.record.handledBy),
  );
  const customers = orgNames(
    db,
    rows.map((r) => r.record.reporterOrgId),
  );
  const mayHandle = (FEEDBACK_HANDLERS as readonly number[]).includes(user.roleId);
  const orgs = visibleOrgIds(db, user);
  return rows.map(({ record: r, serialNumber }): FeedbackRow => ({
    id: r.id,
    deviceId: r.deviceId,
    serialNumber,
    info: r.info,
    reporterName: r.reporterName,
    phone: r.phone,
    images: r.images,
    status: r.status,
    customerName: customers.get(r.reporterOrgId) ?? '',
    remark: r.remark,
    handlerName: (r.handledBy && handlers.get(r.handledBy)) || '',
    handledAt: r.handledAt ? formatInZone(r.handledAt, timeZone) : null,
    workOrderId: r.workOrderId,
    createdAt: formatInZone(r.createdAt, timeZone),
    handleable: mayHandle && orgs.includes(r.orgId) && r.status === PENDING && r.workOrderId === null,
  }));
}

/** The machine feedback is about: one the user's organisations lease (a customer) or own, by serial number. */
function machineBySerial(db: Db, user: SessionUser, serialNumber: string) {
  const orgs = visibleOrgIds(db, user);
  const device = db
    .select({ id: devices.id, orgId: devices.orgId, customerOrgId: devices.customerOrgId })
    .from(devices)
    .where(
      and(
        eq(devices.serialNumber, serialNumber),
        or(inArray(devices.orgId, orgs), inArray(devices.customerOrgId, orgs)),
      ),
    )
    .get();
  if (!device) throw invalidField('serialNumber', 'feedback.deviceNotFound');
  return device;
}

function settle(deps: AppDeps, user: SessionUser, id: number, status: number, remark: string) {
  followWorkOrders(deps.dbh.db);
  pendingFeedback(deps.dbh.db, user, id);
  deps.dbh.db
    .update(feedback)
    .set({ status, remark, handledBy: user.id, handledAt: new Date(deps.now()) })
    .where(and(eq(feedback.id, id), eq(feedback.status, PENDING)))
    .run();
  return { id };
}

export const feedbackRecordRoutes: RouteDef[] = [
  route(feedbackEndpoints.list, ({ query, user, deps, timeZone }) => {
    const { db } = deps.dbh;
    followWorkOrders(db);
    const from = query.from ? startOfDayInZone(query.from, timeZone) : undefined;
    const to = query.to ? startOfDayInZone(query.to, timeZone) + DAY_MS : undefined;
    const where = and(
      visibleFeedback(db, user),
      query.keyword
        ? or(
            likeText(devices.serialNumber, query.keyword),
            likeText(feedback.info, query.keyword),
            likeText(feedback.reporterName, query.keyword),
          )
        : undefined,
      query.status ? eq(feedback.status, query.status) : undefined,
      from !== undefined ? gte(feedback.createdAt, new Date(from)) : undefined,
      to !== undefined ? lt(feedback.createdAt, new Date(to)) : undefined,
    );
    const total = db
      .select({ n: count() })
      .from(feedback)
      .innerJoin(devices, eq(devices.id, feedback.deviceId))
      .where(where)
      .get()!.n;
    const order = query.sortOrder === 'ascend' ? asc : desc;
    const column = query.sortField === 'status' ? feedback.status : feedback.createdAt;
    const rows = db
      .select({ record: feedback, serialNumber: devices.serialNumber })
      .from(feedback)
      .innerJoin(devices, eq(devices.id, feedback.deviceId))
      .where(where)
      .orderBy(order(column), order(feedback.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .all();
    return { list: present(db, user, rows, timeZone), total, page: query.page, pageSize: query.pageSize };
  }),
  route(feedbackEndpoints.detail, ({ query, user, deps, timeZone }) => {
    const { db } = deps.dbh;
    followWorkOrders(db);
    return present(db, user, [findFeedback(db, user, query.id)], timeZone)[0]!;
  }),
  route(feedbackEndpoints.create, ({ body, user, deps }) => {
    const { db } = deps.dbh;
    const device = machineBySerial(db, user, body.serialNumber);
    const images = body.images.map((url) => requireUpload(deps, user, url, 'images', { kinds: ['photo'] }));
    const row = db
      .insert(feedback)
      .values({
        orgId: device.orgId,
        // Sent for a customer (who telephoned) by the owner's staff, it is the customer's feedback too.
        reporterOrgId: keepsMachine(db, user, device.orgId) ? (device.customerOrgId ?? user.orgId) : user.orgId,
        deviceId: device.id,
        info: body.info,
        reporterName: body.reporterName || user.name || user.nickname,
        phone: body.phone || user.mobile,
        images,
        createdBy: user.id,
      })
      .returning({ id: feedback.id })
      .get();
    return { id: row.id };
  }),
  route(feedbackEndpoints.ignore, ({ body, user, deps }) => settle(deps, user, body.id, 3, body.remark)),
  route(feedbackEndpoints.resolve, ({ body, user, deps }) => settle(deps, user, body.id, 2, body.remark)),
];
