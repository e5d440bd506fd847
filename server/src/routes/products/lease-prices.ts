import { and, asc, eq } from 'drizzle-orm';
import { requiredPrices } from '@console/contract/codes/lease-pricing';
import { deviceModels } from '@console/db/schema/devices';
import { leasePrices } from '@console/db/schema/products';
import { productEndpoints } from '@console/contract/http/products';
import { LEASE_PRICE_WRITERS } from '@console/contract/access/products';
import { forbidden, invalidField, notFound } from '../../lib/errors.ts';
import { listOrder, listPage } from '../../lib/list-page.ts';
import { route, type RouteDef } from '../../lib/route.ts';
import { orgNames } from '../../lib/scope.ts';
import { formatInZone } from '../../lib/time.ts';
import { visibleModels } from '../../lib/device-access.ts';
import { keeps } from '../../lib/shop-owner.ts';
import { nameInSql } from '../../lib/org-brand.ts';
import { moneyOfOrgs } from '../../lib/currencies.ts';

/** A rental company's lease price list (decision 049): the contract form's default price of a model. */
export const leasePriceRoutes: RouteDef[] = [
  route(productEndpoints.leasePrices, async ({ query, user, data, deps, timeZone }) => {
    const where = and(
      query.modelId ? eq(leasePrices.modelId, query.modelId) : undefined,
      query.businessModel ? eq(leasePrices.businessModel, query.businessModel) : undefined,
    );
    // The model as the reader reads it, shown and sorted by.
    const shownModel = nameInSql(deviceModels, data.lang);
    const { rows, ...paging } = await listPage(
      data,
      query,
      data
        .select({ price: leasePrices, modelName: shownModel })
        .from(leasePrices, data.orgScope(leasePrices.orgId))
        .leftJoin(deviceModels, eq(deviceModels.id, leasePrices.modelId))
        .where(where),
      listOrder(query, { modelName: shownModel, updatedAt: leasePrices.updatedAt }, leasePrices.id, [
        asc(shownModel),
        asc(leasePrices.businessModel),
        asc(leasePrices.id),
      ]),
    );
    const orgs = await orgNames(
      data,
      rows.map((r) => r.price.orgId),
    );
    // Each price in its rental company's currency: the operator reads every company's list (decision 064).
    const moneyOf = await moneyOfOrgs(deps, data.unscoped('alreadyScoped'));
    return {
      list: rows.map(({ price, modelName }) => ({
        id: price.id,
        modelId: price.modelId,
        modelName: modelName ?? '',
        businessModel: price.businessModel,
        dayCents: price.dayCents,
        monthCents: price.monthCents,
        orgName: orgs.get(price.orgId) ?? '',
        updatedAt: formatInZone(price.updatedAt, timeZone),
        editable: keeps(user, LEASE_PRICE_WRITERS, price.orgId),
        money: moneyOf(price.orgId),
      })),
      ...paging,
    };
  }),

  route(productEndpoints.saveLeasePrice, async ({ body, user, data, deps, setMessage }) => {
    // Only the prices the business model shows are kept (decision 029): the form may carry the other one.
    const needed = requiredPrices(body.businessModel);
    const prices = {
      dayCents: needed.includes('day') ? body.dayCents : null,
      monthCents: needed.includes('month') ? body.monthCents : null,
    };
    const row = await data.write(async (tx) => {
      const model = await tx
        .select({ id: deviceModels.id })
        .from(deviceModels, await visibleModels(tx))
        .where(eq(deviceModels.id, body.modelId))
        .get();
      if (!model) throw invalidField('modelId', 'products.modelUnknown');
      const values = {
        ...prices,
        updatedBy: user.id,
        updatedAt: new Date(deps.now()),
      };
      return tx
        .insert(leasePrices)
        .values({ orgId: user.orgId, modelId: body.modelId, businessModel: body.businessModel, ...values })
        .onConflictDoUpdate({
          target: [leasePrices.orgId, leasePrices.modelId, leasePrices.businessModel],
          set: values,
        })
        .returning({ id: leasePrices.id })
        .get();
    });
    setMessage('products.saved');
    return { id: row.id };
  }),

  route(productEndpoints.removeLeasePrice, async ({ body, user, data }) => {
    await data.write(async (tx) => {
      const row = await tx
        .select()
        .from(leasePrices, tx.orgScope(leasePrices.orgId))
        .where(eq(leasePrices.id, body.id))
        .get();
      if (!row) throw notFound();
      if (!keeps(user, LEASE_PRICE_WRITERS, row.orgId)) throw forbidden();
      await tx.delete(leasePrices).where(eq(leasePrices.id, body.id)).run();
    });
    return { id: body.id };
  }),
];
