import { and, desc, eq, sql } from 'drizzle-orm';
import { nameInSql, renamed, ORG_NAME_COLUMNS } from '../../lib/org-brand.ts';
import { organisations, users } from '@console/db/schema/accounts';
import { devices } from '@console/db/schema/devices';
import { customerEndpoints } from '@console/contract/http/customers';
import type { ScopedData } from '../../lib/data.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { listOrder, listPage } from '../../lib/list-page.ts';
import { deleted, updated } from '../../lib/record-writes.ts';
import { route, type RouteDef } from '../../lib/route.ts';
import { keywordIn } from '../../lib/search.ts';
import {
  customerRows,
  isCustomer,
  isPeopleOperator,
  machineRows,
  organisationFields,
  presentCustomers,
  presentOrganisation,
} from './shared.ts';

const customerCount = sql<number>`(select count(*) from organisations c
  where c.kind = 'customer' and c.distributor_org_id = "organisations"."id")`;
const deviceCount = sql<number>`(select count(*) from devices d where d.distributor_org_id = "organisations"."id")`;

/** Distributors the user sees: the operator's staff every one, a distributor its own company. */
const distributorRows = (data: ScopedData) =>
  data
    .select({ ...organisationFields, name: nameInSql(organisations, data.lang), customerCount, deviceCount })
    .from(organisations, data.orgScope(organisations.id));
const isDistributor = eq(organisations.kind, 'distributor');

const presentDistributor = (data: ScopedData, row: Awaited<ReturnType<typeof findDistributor>>, timeZone: string) => ({
  ...presentOrganisation(row, timeZone),
  editable: isPeopleOperator(data.me),
});

async function findDistributor(data: ScopedData, id: number) {
  const row = await distributorRows(data)
    .where(and(isDistributor, eq(organisations.id, id)))
    .get();
  if (!row) throw notFound();
  return row;
}

/** Whether any customer, machine or user still names the distributor (references: decision 028). */
async function distributorInUse(data: ScopedData, id: number): Promise<boolean> {
  const db = data.unscoped('references');
  return [
    await db.select({ id: organisations.id }).from(organisations).where(eq(organisations.distributorOrgId, id)).get(),
    await db.select({ id: devices.id }).from(devices).where(eq(devices.distributorOrgId, id)).get(),
    await db.select({ id: users.id }).from(users).where(eq(users.orgId, id)).get(),
  ].some(Boolean);
}

/** Distributors: the operator's partners, their customers and machines (docs/decisions/043-people.md). */
export const distributorRoutes: RouteDef[] = [
  route(customerEndpoints.distributorList, async ({ query, data, timeZone }) => {
    const where = and(
      isDistributor,
      keywordIn(
        data.dialect,
        [...ORG_NAME_COLUMNS, organisations.contactName, organisations.contactPhone, organisations.address],
        query.keyword,
      ),
    );
    const sorts = { name: organisations.name, createdAt: organisations.createdAt, customerCount, deviceCount };
    const order = listOrder(query, sorts, organisations.id, [desc(organisations.createdAt), desc(organisations.id)]);
    const { rows, ...paging } = await listPage(data, query, distributorRows(data).where(where), order);
    return { list: rows.map((r) => presentDistributor(data, r, timeZone)), ...paging };
  }),
  route(customerEndpoints.distributorDetail, async ({ query, data, timeZone }) => {
    const distributor = presentDistributor(data, await findDistributor(data, query.id), timeZone);
    const customers = await customerRows(data)
      .where(and(isCustomer, eq(organisations.distributorOrgId, query.id)))
      .orderBy(organisations.name)
      .limit(1000)
      .all();
    return {
      distributor,
      customers: await presentCustomers(data, customers, timeZone),
      machines: await machineRows(data, eq(devices.distributorOrgId, query.id)),
    };
  }),
  route(customerEndpoints.distributorCreate, async ({ body, user, data }) => {
    const { areaCode: _a, ...fields } = body;
    const { id } = await data.write((tx) =>
      tx
        .insert(organisations)
        .values({ ...fields, kind: 'distributor', parentId: user.orgId })
        .returning({ id: organisations.id })
        .get(),
    );
    return { id };
  }),
  route(customerEndpoints.distributorUpdate, async ({ body, data }) => {
    const { id, areaCode: _a, ...fields } = body;
    await data.write(async (tx) => {
      await findDistributor(tx, id);
      updated(
        await tx
          .update(organisations)
          .set({ ...fields, ...(await renamed(tx, id, fields.name)) })
          .where(eq(organisations.id, id))
          .run(),
      );
    });
    return { id };
  }),
  route(customerEndpoints.distributorDelete, async ({ body, data }) => {
    await data.write(async (tx) => {
      await findDistributor(tx, body.id);
      if (await distributorInUse(tx, body.id)) throw conflict('customers.distributorInUse');
      deleted(await tx.delete(organisations).where(eq(organisations.id, body.id)).run());
    });
    return { id: body.id };
  }),
];
