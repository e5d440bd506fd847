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
import { ownerOrgIds } from './device-access.ts';
import { expiryFilter, renewalWindow } from './device-list.ts';

type SimRow = typeof simCards.$inferSelect;
type SimForm = ParsedBodyOf<typeof simCardEndpoints.create>;

/** A card of one of the user's organisations that keep machines (else not found / forbidden). */
function ownCard(data: ScopedData, user: SessionUser, id: number): SimRow {
  const card = data.select().from(simCards, data.orgScope(simCards.orgId)).where(eq(simCards.id, id)).get();
  if (!card) throw notFound();
  if (!ownerOrgIds(data, user).includes(card.orgId)) throw forbidden();
  return card;
}

/** The columns a form sets: the card sits in a machine of the card's owner, if in any. */
function cardValues(data: ScopedData, orgId: number, body: SimForm, exceptId?: number) {
  const taken = data
    .unscoped('uniqueness')
    .select({ id: simCards.id })
    .from(simCards)
    .where(and(eq(simCards.iccid, body.iccid), exceptId ? ne(simCards.id, exceptId) : undefined))
    .get();
  if (taken) throw invalidField('iccid', 'simCards.iccidTaken');
  if (body.deviceId) {
    const device = data
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

function toCards(data: ScopedData, user: SessionUser, rows: SimRow[], today: string): SimCard[] {
  const deviceIds = rows.flatMap((r) => (r.deviceId ? [r.deviceId] : []));
  const serials = new Map(
    (deviceIds.length
      ? data
          .unscoped('referencedNames')
          .select({ id: devices.id, serial: devices.serialNumber })
          .from(devices)
          .where(inArray(devices.id, deviceIds))
          .all()
      : []
    ).map((d) => [d.id, d.serial]),
  );
  const orgIds = [...new Set(rows.map((r) => r.orgId))];
  const owners = orgNames(data, orgIds);
  const owned = ownerOrgIds(data, user);
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
  route(simCardEndpoints.list, ({ query, user, data, today: todayOf }) => {
    // Expiry days are judged on the viewer's organisation's today, as the device list's (decision 026).
    const today = todayOf();
    const expiry: SQL | undefined =
      query.expiry === undefined ? undefined : expiryFilter(query.expiry, today, simCards.serviceExpiresAt);
    const where = and(
      textContains(simCards.iccid, query.iccid),
      textContains(simCards.imei, query.imei),
      query.carrier ? eq(simCards.carrier, query.carrier) : undefined,
      query.serialNumber
        ? data.within(
            simCards.deviceId,
            data
              .select({ id: devices.id })
              .from(devices, data.deviceScope())
              .where(textContains(devices.serialNumber, query.serialNumber)),
          ).sql
        : undefined,
      expiry,
    );
    const sortable = { serviceExpiresAt: simCards.serviceExpiresAt };
    const { rows, ...paging } = listPage(
      data,
      query,
      data.select().from(simCards, data.orgScope(simCards.orgId)).where(where),
      listOrder(query, sortable, simCards.id, [desc(simCards.id)]),
    );
    return { list: toCards(data, user, rows, today), ...paging };
  }),

  route(simCardEndpoints.create, ({ body, user, data, deps }) => {
    if (!ownerOrgIds(data, user).includes(user.orgId)) throw forbidden();
    const created = data.write((tx) =>
      tx
        .insert(simCards)
        .values({ orgId: user.orgId, ...cardValues(tx, user.orgId, body), createdAt: new Date(deps.now()) })
        .returning({ id: simCards.id })
        .get(),
    );
    return { id: created.id };
  }),

  route(simCardEndpoints.update, ({ body, user, data }) => {
    const card = data.write((tx) => {
      const card = ownCard(tx, user, body.id);
      tx.update(simCards)
        .set(cardValues(tx, card.orgId, body, card.id))
        .where(eq(simCards.id, card.id))
        .run();
      return card;
    });
    return { id: card.id };
  }),

  route(simCardEndpoints.delete, ({ body, user, data }) => {
    const card = data.write((tx) => {
      const card = ownCard(tx, user, body.id);
      tx.delete(simCards).where(eq(simCards.id, card.id)).run();
      return card;
    });
    return { id: card.id };
  }),
];
