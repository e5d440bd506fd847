import { and, desc, eq, inArray } from 'drizzle-orm';
import { organisations } from '@console/db/schema/accounts';
import { deviceModels } from '@console/db/schema/devices';
import { products } from '@console/db/schema/products';
import { productEndpoints, type ProductRow } from '@console/contract/http/products';
import { PRODUCT_WRITERS } from '@console/contract/access/products';
import type { ScopedData } from '../../lib/data.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { requireUpload } from '../../lib/uploads.ts';
import { isBuiltInModelImage } from '@console/contract/http/device-models';
import { forbidden, invalidField, notFound } from '../../lib/errors.ts';
import { listOrder, listPage } from '../../lib/list-page.ts';
import { route, type RouteDef } from '../../lib/route.ts';
import { orgNames } from '../../lib/scope.ts';
import { keywordIn } from '../../lib/search.ts';
import type { SessionUser } from '../../lib/session.ts';
import { formatInZone } from '../../lib/time.ts';
import { visibleModels } from '../../lib/device-access.ts';
import { keeps } from '../../lib/shop-owner.ts';
import { nameInSql, orgBrand } from '../../lib/org-brand.ts';
import { moneyOfOrgs } from '../../lib/currencies.ts';

type ProductRecord = typeof products.$inferSelect;

/**
 * The distributors by id. Distributors work for the operator beside the rental companies (decision 043): a rental
 * company names one in its plan without seeing its records, as it names a machine's distributor.
 */
async function distributors(data: ScopedData, ids?: number[]): Promise<Map<number, string>> {
  if (ids && ids.length === 0) return new Map();
  return new Map(
    (
      await data
        .unscoped('referencedNames')
        .select({ id: organisations.id, name: nameInSql(organisations, data.lang) })
        .from(organisations)
        .where(and(eq(organisations.kind, 'distributor'), ids ? inArray(organisations.id, ids) : undefined))
        .orderBy(organisations.name)
        .all()
    ).map((o) => [o.id, o.name]),
  );
}

async function present(
  deps: AppDeps,
  data: ScopedData,
  user: SessionUser,
  rows: ProductRecord[],
  timeZone: string,
): Promise<ProductRow[]> {
  const moneyOf = await moneyOfOrgs(deps, data.unscoped('alreadyScoped'));
  const orgs = await orgNames(
    data,
    rows.map((r) => r.orgId),
  );
  const names = await distributors(data, [...new Set(rows.flatMap((r) => r.shares.map((s) => s.distributorId)))]);
  return rows.map((r) => ({
    id: r.id,
    category: r.category,
    name: r.name,
    nameZh: r.nameZh,
    nameEn: r.nameEn,
    image: r.image,
    description: r.description,
    descriptionZh: r.descriptionZh,
    descriptionEn: r.descriptionEn,
    keyAttributes: r.keyAttributes,
    otherAttributes: r.otherAttributes,
    salesAttributes: r.salesAttributes,
    spec: r.spec,
    specZh: r.specZh,
    specEn: r.specEn,
    amountCents: r.amountCents,
    shares: r.shares.map((s) => ({ ...s, distributorName: names.get(s.distributorId) ?? '' })),
    shareTotal: r.shares.reduce((sum, s) => sum + s.basisPoints, 0),
    orgName: orgs.get(r.orgId) ?? '',
    updatedAt: formatInZone(r.updatedAt, timeZone),
    editable: keeps(user, PRODUCT_WRITERS, r.orgId),
    money: moneyOf(r.orgId),
  }));
}

/** A product the user's organisation keeps, read inside the unit of work that changes it. */
async function ownProduct(data: ScopedData, user: SessionUser, id: number): Promise<ProductRecord> {
  const row = await data.select().from(products, data.orgScope(products.orgId)).where(eq(products.id, id)).get();
  if (!row) throw notFound();
  if (!keeps(user, PRODUCT_WRITERS, row.orgId)) throw forbidden();
  return row;
}

/** Every distributor of the plan exists (refused on the plan's field otherwise). */
async function checkShares(data: ScopedData, shares: { distributorId: number }[]): Promise<void> {
  const known = await distributors(
    data,
    shares.map((s) => s.distributorId),
  );
  if (shares.some((s) => !known.has(s.distributorId))) throw invalidField('shares', 'products.distributorUnknown');
}

/** A product's picture is one of the built-in ones or a public image its organisation uploaded (buyers see it). */
async function checkImage(deps: AppDeps, user: SessionUser, url: string): Promise<void> {
  if (!isBuiltInModelImage(url)) await requireUpload(deps, user, url, 'image', { kinds: ['image'], isPublic: true });
}

export const productRoutes: RouteDef[] = [
  route(productEndpoints.list, async ({ query, user, data, deps, timeZone }) => {
    const where = and(
      query.category ? eq(products.category, query.category) : undefined,
      keywordIn(
        data.dialect,
        [products.name, products.nameZh, products.nameEn, products.spec, products.specZh, products.specEn],
        query.keyword,
      ),
    );
    const { rows, ...paging } = await listPage(
      data,
      query,
      data.select().from(products, data.orgScope(products.orgId)).where(where),
      listOrder(
        query,
        { name: products.name, amountCents: products.amountCents, updatedAt: products.updatedAt },
        products.id,
        [desc(products.updatedAt), desc(products.id)],
      ),
    );
    return { list: await present(deps, data, user, rows, timeZone), ...paging };
  }),

  route(productEndpoints.options, async ({ user, data, deps }) => ({
    distributors: [...(await distributors(data))].map(([id, name]) => ({ id, name })),
    models: await data
      .select({ id: deviceModels.id, name: nameInSql(deviceModels, data.lang) })
      .from(deviceModels, await visibleModels(data))
      .orderBy(nameInSql(deviceModels, data.lang))
      .all(),
    // A product or lease price is the user's company's, in its brand's currency (decision 064).
    money: (await orgBrand(deps, data.unscoped('domainRule'), user.orgId)).money,
  })),

  route(productEndpoints.create, async ({ body, user, data, deps, setMessage }) => {
    await checkImage(deps, user, body.image);
    const row = await data.write(async (tx) => {
      await checkShares(tx, body.shares);
      const now = new Date(deps.now());
      return tx
        .insert(products)
        .values({ ...body, orgId: user.orgId, createdBy: user.id, createdAt: now, updatedAt: now })
        .returning({ id: products.id })
        .get();
    });
    setMessage('products.saved');
    return { id: row.id };
  }),

  route(productEndpoints.update, async ({ body, user, data, deps, setMessage }) => {
    const { id, ...fields } = body;
    await checkImage(deps, user, fields.image);
    await data.write(async (tx) => {
      await ownProduct(tx, user, id);
      await checkShares(tx, fields.shares);
      await tx
        .update(products)
        .set({ ...fields, updatedAt: new Date(deps.now()) })
        .where(eq(products.id, id))
        .run();
    });
    setMessage('products.saved');
    return { id };
  }),

  route(productEndpoints.remove, async ({ body, user, data }) => {
    await data.write(async (tx) => {
      await ownProduct(tx, user, body.id);
      await tx.delete(products).where(eq(products.id, body.id)).run();
    });
    return { id: body.id };
  }),
];
