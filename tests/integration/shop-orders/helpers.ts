import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { eq } from 'drizzle-orm';
import { ROLE } from '@console/contract/codes/roles';
import { shopOrderEndpoints, type ShopOrderCreateForm } from '@console/contract/http/shop-orders';
import { DEV_PAYGATE_MERCHANT, DEV_PAYGATE_SECRET } from '@console/contract/shop/paygate-protocol';
import { products } from '@console/db/schema/products';
import { createPaygateApp } from '@console/paygate/src/app';
import { Paygate } from '@console/paygate/src/provider';
import { PAYGATE_NOTIFY_PATH } from '@console/server/src/shop/paygate-client';
import { eventually } from '../../fixtures/server-process.ts';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';

const listen = (fetch: (request: Request) => Response | Promise<Response>) =>
  new Promise<{ server: ServerType; url: string }>((resolve) => {
    const server = serve({ fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) =>
      resolve({ server, url: `http://127.0.0.1:${info.port}` }),
    );
  });

/**
 * A server on the demo business and the simulated payment provider, each over real HTTP: the server opens payments
 * at the provider by its URL, and the provider notifies the server's own notification path, signed.
 */
export async function shopFixture() {
  let app: TestApp['app'] | null = null;
  const console_ = await listen(async (request) =>
    app ? app.fetch(request) : new Response('starting', { status: 503 }),
  );
  // The provider follows the server's clock, as the simulated provider follows CLOCK_URL beside a server that does.
  let now = Date.now;
  const clock = () => now();
  const paygate = new Paygate(
    { id: DEV_PAYGATE_MERCHANT, secret: DEV_PAYGATE_SECRET },
    () => provider.url,
    fetch,
    clock,
  );
  const provider = await listen(createPaygateApp(paygate, clock).fetch);
  const t = await createTestApp({
    PAYGATE_URL: provider.url,
    PAYGATE_NOTIFY_URL: `${console_.url}${PAYGATE_NOTIFY_PATH}`,
  });
  app = t.app;
  now = t.deps.now;
  const control = async (path: string, body?: unknown) => {
    const response = await fetch(`${provider.url}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const tokens = {
    customer: await t.tokenFor(ROLE.other),
    lessorAdmin: await t.tokenFor(ROLE.lessorAdmin),
    lessorStaff: await t.tokenFor(ROLE.lessorStaff),
    finance: await t.tokenFor(ROLE.finance),
    distributor: await t.tokenFor(ROLE.distributor),
    sales: await t.tokenFor(ROLE.lessorSales),
  };
  /** The first product of a category in the catalogue the token sees (the rental company's terminal first). */
  const productOf = async (category: string, token = tokens.customer, seller?: string) => {
    const catalog = await t.call(shopOrderEndpoints.catalog, { token });
    const found = catalog.data.products.find(
      (p) => p.category === category && (seller === undefined || p.sellerName === seller),
    );
    if (!found) throw new Error(`no ${category} product for sale`);
    return found;
  };
  const form = (productId: number, over: Partial<ShopOrderCreateForm> = {}): ShopOrderCreateForm => ({
    productId,
    quantity: 1,
    receiver: '王建国',
    receiverPhone: '13912345678',
    address: '上海市浦东新区世纪大道 88 号',
    couponReceiptId: null,
    ...over,
  });
  const order = async (id: number, token = tokens.customer) =>
    (await t.call(shopOrderEndpoints.detail, { token, query: { id } })).data;
  /** Wait until the provider has nothing left to send. */
  const settled = () => eventually('notifications delivered', () => paygate.outstanding() === 0 || undefined);
  const untilState = (id: number, state: string, token = tokens.customer) =>
    eventually(`order ${id} ${state}`, async () => ((await order(id, token)).order.state === state ? true : undefined));
  const productRow = async (id: number) => (await t.dbh.db.select().from(products).where(eq(products.id, id)).get())!;
  const close = async () => {
    paygate.stop();
    await new Promise((r) => console_.server.close(r));
    await new Promise((r) => provider.server.close(r));
    t.dbh.close();
  };
  return { t, paygate, control, tokens, productOf, form, order, settled, untilState, productRow, close };
}
export type ShopFixture = Awaited<ReturnType<typeof shopFixture>>;
