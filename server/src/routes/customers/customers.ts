import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import { nameInSql, renamed, ORG_NAME_COLUMNS } from '../../lib/org-brand.ts';
import { organisations, users } from '@console/db/schema/accounts';
import { devices } from '@console/db/schema/devices';
import { contracts, renters } from '@console/db/schema/lease';
import { customerEndpoints } from '@console/contract/http/customers';
import { conflict, forbidden, invalidField } from '../../lib/errors.ts';
import { listOrder, listPage } from '../../lib/list-page.ts';
import { deleted, updated } from '../../lib/record-writes.ts';
import { route, type RouteDef } from '../../lib/route.ts';
import { keywordIn } from '../../lib/search.ts';
import type { ScopedData } from '../../lib/data.ts';
import {
  customerRows,
  editableCustomer,
  findCustomer,
  isCustomer,
  isLessorWriter,
  isPeopleOperator,
  machineRows,
  presentCustomers,
} from './shared.ts';

/** An organisation of this kind that the user sees (a rental company or a distributor named by a form), or null. */
async function orgOfKind(data: ScopedData, kind: 'lessor' | 'distributor', id: number) {
  return (
    (await data
      .select({ id: organisations.id })
      .from(organisations, data.orgScope(organisations.id))
      .where(and(eq(organisations.kind, kind), eq(organisations.id, id)))
      .get()) ?? null
  );
}

/** Whether any row of any organisation still names the customer (references: decision 028). */
async function customerInUse(data: ScopedData, id: number): Promise<boolean> {
  const db = data.unscoped('references');
  return [
    await db.select({ id: devices.id }).from(devices).where(eq(devices.customerOrgId, id)).get(),
    await db.select({ id: users.id }).from(users).where(eq(users.orgId, id)).get(),
    await db.select({ id: contracts.id }).from(contracts).where(eq(contracts.renterOrgId, id)).get(),
    await db.select({ id: renters.orgId }).from(renters).where(eq(renters.orgId, id)).get(),
    await db.select({ id: organisations.id }).from(organisations).where(eq(organisations.parentId, id)).get(),
  ].some(Boolean);
}

/** Customers: create, edit, delete, assign a distributor (docs/decisions/043-people.md). */
export const customerRoutes: RouteDef[] = [
  route(customerEndpoints.customerList, async ({ query, data, timeZone }) => {
    const rows = customerRows(data);
    const where = and(
      isCustomer,
      keywordIn(
        data.dialect,
        [...ORG_NAME_COLUMNS, organisations.contactName, organisations.contactPhone, organisations.address],
        query.keyword,
      ),
      query.province ? eq(organisations.province, query.province) : undefined,
      query.distributor === 'none'
        ? isNull(organisations.distributorOrgId)
        : query.distributor
          ? eq(organisations.distributorOrgId, query.distributor)
          : undefined,
    );
    const sorts = { name: organisations.name, createdAt: organisations.createdAt };
    const order = listOrder(query, sorts, organisations.id, [desc(organisations.createdAt), desc(organisations.id)]);
    const { rows: page, ...paging } = await listPage(data, query, rows.where(where), order);
    return { list: await presentCustomers(data, page, timeZone), ...paging };
  }),
  route(customerEndpoints.customerDetail, async ({ query, data, timeZone }) => {
    const customer = (await presentCustomers(data, [await findCustomer(data, query.id)], timeZone))[0]!;
    const machines = (await machineRows(data, eq(devices.customerOrgId, query.id))).map(
      ({ customerName: _c, ...m }) => m,
    );
    return { customer, machines };
  }),
  route(customerEndpoints.customerCreate, async ({ body, user, data }) => {
    const { lessorId, areaCode: _a, ...fields } = body;
    let parentId: number | null;
    if (isPeopleOperator(user)) {
      if (lessorId !== null && !(await orgOfKind(data, 'lessor', lessorId))) {
        throw invalidField('lessorId', 'customers.lessorInvalid');
      }
      parentId = lessorId;
    } else if (isLessorWriter(user)) {
      parentId = user.orgId;
    } else throw forbidden();
    const { id } = await data.write((tx) =>
      tx
        .insert(organisations)
        .values({ ...fields, kind: 'customer', parentId })
        .returning({ id: organisations.id })
        .get(),
    );
    return { id };
  }),
  route(customerEndpoints.customerUpdate, async ({ body, data }) => {
    const { id, areaCode: _a, ...fields } = body;
    await data.write(async (tx) => {
      await editableCustomer(tx, id);
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
  route(customerEndpoints.customerDelete, async ({ body, data }) => {
    await data.write(async (tx) => {
      await editableCustomer(tx, body.id);
      if (await customerInUse(tx, body.id)) throw conflict('customers.inUse');
      deleted(await tx.delete(organisations).where(eq(organisations.id, body.id)).run());
    });
    return { id: body.id };
  }),
  route(customerEndpoints.assignDistributor, ({ body, user, data }) => {
    if (!isPeopleOperator(user)) throw forbidden();
    return data.write(async (tx) => {
      await findCustomer(tx, body.id);
      if (body.distributorId === null) {
        await tx.update(organisations).set({ distributorOrgId: null }).where(eq(organisations.id, body.id)).run();
        return { id: body.id, devices: 0 };
      }
      if (!(await orgOfKind(tx, 'distributor', body.distributorId))) {
        throw invalidField('distributorId', 'customers.distributorInvalid');
      }
      // The hosts: the customer's machines; with any, at least one is chosen (spec: "requires a selected host").
      const hosts = new Set(
        (
          await tx
            .select({ id: devices.id })
            .from(devices, tx.deviceScope())
            .where(eq(devices.customerOrgId, body.id))
            .all()
        ).map((d) => d.id),
      );
      const chosen = [...new Set(body.deviceIds)];
      if (hosts.size > 0 && chosen.length === 0) throw invalidField('deviceIds', 'customers.selectHost');
      if (chosen.some((id) => !hosts.has(id))) throw invalidField('deviceIds', 'customers.hostNotOfCustomer');
      await tx
        .update(organisations)
        .set({ distributorOrgId: body.distributorId })
        .where(eq(organisations.id, body.id))
        .run();
      if (chosen.length > 0) {
        await tx.update(devices).set({ distributorOrgId: body.distributorId }).where(inArray(devices.id, chosen)).run();
      }
      return { id: body.id, devices: chosen.length };
    });
  }),
  route(customerEndpoints.formOptions, async ({ data }) => {
    const named = (kind: 'lessor' | 'distributor') =>
      data
        .select({ id: organisations.id, name: nameInSql(organisations, data.lang) })
        .from(organisations, data.orgScope(organisations.id))
        .where(eq(organisations.kind, kind))
        .orderBy(organisations.name)
        .all();
    return { lessors: await named('lessor'), distributors: await named('distributor') };
  }),
];
