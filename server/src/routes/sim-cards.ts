import { and, desc, asc, eq, gt, inArray, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@console/db/client';
import { devices } from '@console/db/schema/devices';
import { simCards } from '@console/db/schema/sim-cards';
import { simCardEndpoints, type SimCard } from '@console/contract/http/sim-cards';
import type { ParsedBodyOf } from '@console/contract/http/endpoint';
import { forbidden, invalidField, notFound } from '../lib/errors.ts';
import { route, type RouteDef } from '../lib/route.ts';
import { orgNames, visibleOrgIds } from '../lib/scope.ts';
import type { SessionUser } from '../lib/session.ts';
import { dayInZone, startOfDayInZone } from '../lib/time.ts';
import { ownerOrgIds } from './device-access.ts';
import { renewalWindow } from './device-list.ts';

type SimRow = typeof simCards.$inferSelect;
type SimForm = ParsedBodyOf<typeof simCardEndpoints.create>;

const DAY_MS = 24 * 3600 * 1000;
const contains = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/** A card of one of the user's organisations that keep machines (else not found / forbidden). */
function ownCard(db: Db, user: SessionUser, id: number): SimRow {
  const card = db
    .select()
    .from(simCards)
    .where(and(eq(simCards.id, id), inArray(simCards.orgId, visibleOrgIds(db, user))))
    .get();
  if (!card) throw notFound();
  if (!ownerOrgIds(db, user).includes(card.orgId)) throw forbidden();
  return card;
}

/** The columns a form sets: the card sits in a machine of the card's owner, if in any. */
function cardValues(db: Db, orgId: number, body: SimForm, timeZone: string, exceptId?: number) {
  const taken = db
    .select({ id: simCards.id })
    .from(simCards)
    .where(and(eq(simCards.iccid, body.iccid), exceptId ? ne(simCards.id, exceptId) : undefined))
    .get();
  if (taken) throw invalidField('iccid', 'simCards.iccidTaken');
  if (body.deviceId) {
    const device = db.select({ orgId: devices.orgId }).from(devices).where(eq(devices.id, body.deviceId)).get();
    if (!device || device.orgId !== orgId) throw invalidField('deviceId', 'simCards.invalidDevice');
  }
  return {
    iccid: body.iccid,
    imei: body.imei,
    carrier: body.carrier,
    serviceExpiresAt: new Date(startOfDayInZone(body.serviceExpiresAt, timeZone) + DAY_MS - 1),
    deviceId: body.deviceId ?? null,
  };
}

function toCards(db: Db, user: SessionUser, rows: SimRow[], timeZone: string, now: number): SimCard[] {
  const deviceIds = rows.flatMap((r) => (r.deviceId ? [r.deviceId] : []));
  const serials = new Map(
    (deviceIds.length
      ? db
          .select({ id: devices.id, serial: devices.serialNumber })
          .from(devices)
          .where(inArray(devices.id, deviceIds))
          .all()
      : []
    ).map((d) => [d.id, d.serial]),
  );
  const orgIds = [...new Set(rows.map((r) => r.orgId))];
  const owners = orgNames(db, orgIds);
  const owned = ownerOrgIds(db, user);
  return rows.map((r) => ({
    id: r.id,
    iccid: r.iccid,
    imei: r.imei,
    carrier: r.carrier,
    serviceExpiresAt: r.serviceExpiresAt ? dayInZone(r.serviceExpiresAt, timeZone) : '',
    renewal: renewalWindow(r.serviceExpiresAt, now),
    deviceId: r.deviceId,
    serialNumber: r.deviceId ? (serials.get(r.deviceId) ?? '') : '',
    ownerName: owners.get(r.orgId) ?? '',
    editable: owned.includes(r.orgId),
  }));
}

export const simCardRoutes: RouteDef[] = [
  route(simCardEndpoints.list, ({ query, user, deps, timeZone }) => {
    const { db } = deps.dbh;
    const now = deps.now();
    const expiry: SQL | undefined =
      query.expiry === undefined
        ? undefined
        : query.expiry === 0
          ? lte(simCards.serviceExpiresAt, new Date(now))
          : and(
              gt(simCards.serviceExpiresAt, new Date(now)),
              lte(simCards.serviceExpiresAt, new Date(now + query.expiry * DAY_MS)),
            );
    const where = and(
      inArray(simCards.orgId, visibleOrgIds(db, user)),
      query.iccid ? sql`${simCards.iccid} like ${contains(query.iccid)} escape '\\'` : undefined,
      query.imei ? sql`${simCards.imei} like ${contains(query.imei)} escape '\\'` : undefined,
      query.carrier ? eq(simCards.carrier, query.carrier) : undefined,
      query.serialNumber
        ? inArray(
            simCards.deviceId,
            db
              .select({ id: devices.id })
              .from(devices)
              .where(sql`${devices.serialNumber} like ${contains(query.serialNumber)} escape '\\'`),
          )
        : undefined,
      expiry,
    );
    const total = db
      .select({ n: sql<number>`count(*)` })
      .from(simCards)
      .where(where)
      .get()!.n;
    const order = query.sortOrder === 'ascend' ? asc : desc;
    const rows = db
      .select()
      .from(simCards)
      .where(where)
      .orderBy(
        ...(query.sortField === 'serviceExpiresAt'
          ? [order(simCards.serviceExpiresAt), order(simCards.id)]
          : [desc(simCards.id)]),
      )
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .all();
    return { list: toCards(db, user, rows, timeZone, now), total, page: query.page, pageSize: query.pageSize };
  }),

  route(simCardEndpoints.create, ({ body, user, deps, timeZone }) => {
    const { db } = deps.dbh;
    if (!ownerOrgIds(db, user).includes(user.orgId)) throw forbidden();
    const created = db
      .insert(simCards)
      .values({ orgId: user.orgId, ...cardValues(db, user.orgId, body, timeZone), createdAt: new Date(deps.now()) })
      .returning({ id: simCards.id })
      .get();
    return { id: created.id };
  }),

  route(simCardEndpoints.update, ({ body, user, deps, timeZone }) => {
    const { db } = deps.dbh;
    const card = ownCard(db, user, body.id);
    db.update(simCards)
      .set(cardValues(db, card.orgId, body, timeZone, card.id))
      .where(eq(simCards.id, card.id))
      .run();
    return { id: card.id };
  }),

  route(simCardEndpoints.delete, ({ body, user, deps }) => {
    const { db } = deps.dbh;
    const card = ownCard(db, user, body.id);
    db.delete(simCards).where(eq(simCards.id, card.id)).run();
    return { id: card.id };
  }),
];
