import { and, eq, gte, lt } from 'drizzle-orm';
import { devices } from '@console/db/schema/devices';
import { feedback } from '@console/db/schema/feedback';
import { feedbackEndpoints, type FeedbackRow } from '@console/contract/http/feedback';
import { FEEDBACK_HANDLERS } from '@console/contract/access/feedback';
import { listPage, sortDirection } from '../../lib/list-page.ts';
import { keywordIn } from '../../lib/search.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { conflict, forbidden, invalidField, notFound } from '../../lib/errors.ts';
import { keepsMachine, userNames } from '../../lib/maintenance.ts';
import { route, type RouteDef } from '../../lib/route.ts';
import type { ScopedData } from '../../lib/data.ts';
import { orgNames } from '../../lib/scope.ts';
import type { SessionUser } from '../../lib/session.ts';
import { formatInZone, startOfDayInZone } from '../../lib/time.ts';
import { requireUpload } from '../../lib/uploads.ts';
import { followWorkOrders, visibleFeedback } from './follow.ts';
import { mapInOrder } from '@console/db/in-order';

const DAY_MS = 24 * 3600 * 1000;
const PENDING = 1;
type FeedbackRecord = typeof feedback.$inferSelect;

export async function findFeedback(data: ScopedData, id: number) {
  const row = await data
    .select({ record: feedback, serialNumber: devices.serialNumber })
    .from(feedback, visibleFeedback(data))
    .innerJoin(devices, eq(devices.id, feedback.deviceId))
    .where(eq(feedback.id, id))
    .get();
  if (!row) throw notFound();
  return row;
}

/** Pending feedback the user may handle: a handler of the company that owns the machine. */
export async function pendingFeedback(data: ScopedData, user: SessionUser, id: number): Promise<FeedbackRecord> {
  const { record } = await findFeedback(data, id);
  if (!(FEEDBACK_HANDLERS as readonly number[]).includes(user.roleId) || !keepsMachine(data, record.orgId)) {
    throw forbidden();
  }
  // Turned into a work order it follows the order, and is no longer handled here.
  if (record.status !== PENDING || record.workOrderId !== null) throw conflict('feedback.notPending');
  return record;
}

async function present(
  data: ScopedData,
  user: SessionUser,
  rows: { record: FeedbackRecord; serialNumber: string }[],
  timeZone: string,
) {
  const handlers = await userNames(
    data,
    rows.map((r) => r.record.handledBy),
  );
  const customers = await orgNames(
    data,
    rows.map((r) => r.record.reporterOrgId),
  );
  const mayHandle = (FEEDBACK_HANDLERS as readonly number[]).includes(user.roleId);
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
    handleable: mayHandle && data.sees(r.orgId) && r.status === PENDING && r.workOrderId === null,
  }));
}

/** The machine feedback is about: one the user's organisations lease (a customer) or own, by serial number. */
async function machineBySerial(data: ScopedData, serialNumber: string) {
  const device = await data
    .select({ id: devices.id, orgId: devices.orgId, customerOrgId: devices.customerOrgId })
    .from(devices, data.orgScope(devices.orgId, devices.customerOrgId))
    .where(eq(devices.serialNumber, serialNumber))
    .get();
  if (!device) throw invalidField('serialNumber', 'feedback.deviceNotFound');
  return device;
}

async function settle(data: ScopedData, deps: AppDeps, user: SessionUser, id: number, status: number, remark: string) {
  await followWorkOrders(data);
  await data.write(async (tx) => {
    await pendingFeedback(tx, user, id);
    await tx
      .update(feedback)
      .set({ status, remark, handledBy: user.id, handledAt: new Date(deps.now()) })
      .where(and(eq(feedback.id, id), eq(feedback.status, PENDING)))
      .run();
  });
  return { id };
}

export const feedbackRecordRoutes: RouteDef[] = [
  route(feedbackEndpoints.list, async ({ query, user, data, timeZone }) => {
    await followWorkOrders(data);
    const from = query.from ? startOfDayInZone(query.from, timeZone) : undefined;
    const to = query.to ? startOfDayInZone(query.to, timeZone) + DAY_MS : undefined;
    const where = and(
      keywordIn(data.dialect, [devices.serialNumber, feedback.info, feedback.reporterName], query.keyword),
      query.status ? eq(feedback.status, query.status) : undefined,
      from !== undefined ? gte(feedback.createdAt, new Date(from)) : undefined,
      to !== undefined ? lt(feedback.createdAt, new Date(to)) : undefined,
    );
    const by = sortDirection(query);
    const { rows, ...paging } = await listPage(
      data,
      query,
      data
        .select({ record: feedback, serialNumber: devices.serialNumber })
        .from(feedback, visibleFeedback(data))
        .innerJoin(devices, eq(devices.id, feedback.deviceId))
        .where(where),
      [by(query.sortField === 'status' ? feedback.status : feedback.createdAt), by(feedback.id)],
    );
    return { list: await present(data, user, rows, timeZone), ...paging };
  }),
  route(feedbackEndpoints.detail, async ({ query, user, data, timeZone }) => {
    await followWorkOrders(data);
    return (await present(data, user, [await findFeedback(data, query.id)], timeZone))[0]!;
  }),
  route(feedbackEndpoints.create, async ({ body, user, data, deps }) => {
    const device = await machineBySerial(data, body.serialNumber);
    const images = await mapInOrder(body.images, (url) =>
      requireUpload(deps, user, url, 'images', { kinds: ['photo'] }),
    );
    const row = await data.write((tx) =>
      tx
        .insert(feedback)
        .values({
          orgId: device.orgId,
          // Sent for a customer (who telephoned) by the owner's staff, it is the customer's feedback too.
          reporterOrgId: keepsMachine(data, device.orgId) ? (device.customerOrgId ?? user.orgId) : user.orgId,
          deviceId: device.id,
          info: body.info,
          reporterName: body.reporterName || user.name || user.nickname,
          phone: body.phone || user.mobile,
          images,
          createdBy: user.id,
        })
        .returning({ id: feedback.id })
        .get(),
    );
    return { id: row.id };
  }),
  route(feedbackEndpoints.ignore, ({ body, user, data, deps }) => settle(data, deps, user, body.id, 3, body.remark)),
  route(feedbackEndpoints.resolve, ({ body, user, data, deps }) => settle(data, deps, user, body.id, 2, body.remark)),
];
