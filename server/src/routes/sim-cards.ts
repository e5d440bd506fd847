import { and, desc, eq, inArray, ne, type SQL } from 'drizzle-orm';
import type { ScopedData } from '../lib/data.ts';
import { devices } from '@console/db/schema/devices';
import { simCards } from '@console/db/schema/sim-cards';
import { simCardEndpoints, type SimCard } from '@console/contract/http/sim-cards';
import type { ParsedBodyOf } from '@console/contract/http/endpoint';
import { listOrder, listPage } from '../lib/list-page.ts';
import { textContains } from '../lib/search.ts';
import { forbidden, invalidField, notFound } from '../lib/errors.ts';
import { route, type RouteDef } from '../lib/route.ts';
import { orgNames } from '../lib/scope.ts';
import type { SessionUser } from '../lib/session.ts';
import { ownerOrgIds } from '../lib/device-access.ts';
import { expiryFilter, renewalWindow } from './device-list.ts';

type SimRow = typeof simCards.$inferSelect;
type SimForm = ParsedBodyOf<typeof simCardEndpoints.create>;

/** A card of one of the user's organisations that keep machines (else not found / forbidden). */
async function ownCard(data: ScopedData, user: SessionUser, id: number): Promise<SimRow> {
  const card = await data.select().from(simCards, data.orgScope(simCards.orgId)).where(eq(simCards.id, id)).get();
  if (!card) throw notFound();
  if (!(await ownerOrgIds(data, user)).includes(card.orgId)) throw forbidden();
  return card;
}

/** The columns a form sets: the card sits in a machine of the card's owner, if in any. */
async function cardValues(data: ScopedData, orgId: number, body: SimForm, exceptId?: number) {
  const taken = await data
    .unscoped('uniqueness')
    .select({ id: simCards.id })
    .from(simCards)
    .where(and(eq(simCards.iccid, body.iccid), exceptId ? ne(simCards.id, exceptId) : undefined))
    .get();
  if (taken) throw invalidField('iccid', 'simCards.iccidTaken');
  if (body.deviceId) {
    const device = await data
      .select({ orgId: devices.orgId })
      .from(devices, data.deviceScope())
      .where(eq(devices.id, body.deviceId))
      .get();
    if (!device || device.orgId !== orgId) throw invalidField('deviceId', 'simCards.invalidDevice');
  }
  return {
    iccid: body.iccid,
    imei: body.imei,
    carrier: body.carrier,
    // A calendar day, the same for every viewer (decision 026): the service runs to that day's end.
    serviceExpiresAt: body.serviceExpiresAt,
    deviceId: body.deviceId ?? null,
  };
}

async function toCards(data: ScopedData, user: SessionUser, rows: SimRow[], today: string): Promise<SimCard[]> {
  const deviceIds = rows.flatMap((r) => (r.deviceId ? [r.deviceId] : []));
  const serials = new Map(
    (deviceIds.length
      ? await data
          .unscoped('referencedNames')
          .select({ id: devices.id, serial: devices.serialNumber })
          .from(devices)
          .where(inArray(devices.id, deviceIds))
          .all()
      : []
    ).map((d) => [d.id, d.serial]),
  );
  const orgIds = [...new Set(rows.map((r) => r.orgId))];
  const owners = await orgNames(data, orgIds);
  const owned = await ownerOrgIds(data, user);
  return rows.map((r) => ({
    id: r.id,
    iccid: r.iccid,
    imei: r.imei,
    carrier: r.carrier,
    serviceExpiresAt: r.serviceExpiresAt ?? '',
    renewal: renewalWindow(r.serviceExpiresAt, today),
    deviceId: r.deviceId,
    serialNumber: r.deviceId ? (serials.get(r.deviceId) ?? '') : '',
    ownerName: owners.get(r.orgId) ?? '',
    editable: owned.includes(r.orgId),
  }));
}

export const simCardRoutes: RouteDef[] = [
  route(simCardEndpoints.list, async ({ query, user, data, today: todayOf }) => {
    // Expiry days are judged on the viewer's organisation's today, as the device list's (decision 026).
    const today = todayOf();
    const expiry: SQL | undefined =
      query.expiry === undefined ? undefined : expiryFilter(query.expiry, today, simCards.serviceExpiresAt);
    const where = and(
      textContains(data.dialect, simCards.iccid, query.iccid),
      textContains(data.dialect, simCards.imei, query.imei),
      query.carrier ? eq(simCards.carrier, query.carrier) : undefined,
      query.serialNumber
        ? data.within(
            simCards.deviceId,
            data
              .select({ id: devices.id })
              .from(devices, data.deviceScope())
              .where(textContains(data.dialect, devices.serialNumber, query.serialNumber)),
          ).sql
        : undefined,
      expiry,
    );
    const sortable = { serviceExpiresAt: simCards.serviceExpiresAt };
    const { rows, ...paging } = await listPage(
      data,
      query,
      data.select().from(simCards, data.orgScope(simCards.orgId)).where(where),
      listOrder(query, sortable, simCards.id, [desc(simCards.id)]),
    );
    return { list: await toCards(data, user, rows, today), ...paging };
  }),

  route(simCardEndpoints.create, async ({ body, user, data, deps }) => {
    if (!(await ownerOrgIds(data, user)).includes(user.orgId)) throw forbidden();
    const created = await data.write(async (tx) =>
      tx
        .insert(simCards)
        .values({ orgId: user.orgId, ...(await cardValues(tx, user.orgId, body)), createdAt: new Date(deps.now()) })
        .returning({ id: simCards.id })
        .get(),
    );
    return { id: created.id };
  }),

  route(simCardEndpoints.update, async ({ body, user, data }) => {
    const card = await data.write(async (tx) => {
      const card = await ownCard(tx, user, body.id);
      await tx
        .update(simCards)
        .set(await cardValues(tx, card.orgId, body, card.id))
        .where(eq(simCards.id, card.id))
        .run();
      return card;
    });
    return { id: card.id };
  }),

  route(simCardEndpoints.delete, async ({ body, user, data }) => {
    const card = await data.write(async (tx) => {
      const card = await ownCard(tx, user, body.id);
      await tx.delete(simCards).where(eq(simCards.id, card.id)).run();
      return card;
    });
    return { id: card.id };
  }),
];
