import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@console/contract/codes/roles';
import { shopOrderEndpoints } from '@console/contract/http/shop-orders';
import { shopFixture, type ShopFixture } from './helpers.ts';

/**
 * The business clock may run ahead of the wall clock (tests move it; QA follow the simulator's clock with CLOCK_URL):
 * the simulated payment provider follows the same clock, so its signed notification is fresh by the server's clock
 * and the order is paid. (A provider left on the wall clock would be three days stale here: refused.)
 */
describe('paying while the business clock runs ahead', () => {
  let f: ShopFixture;
  beforeAll(async () => {
    f = await shopFixture();
  });
  afterAll(() => f.close());

  it('takes the provider’s notification three days on', async () => {
    const { t } = f;
    t.advance(3 * 86_400_000);
    // Signed in three days on (a session lasts hours).
    const customer = await t.tokenFor(ROLE.other);
    const product = await f.productOf('connectivity', customer, 'Zhongji Machinery Cloud Co., Ltd.');
    const created = await t.call(shopOrderEndpoints.create, { token: customer, body: f.form(product.id) });
    expect(created.status, created.message).toBe('200');
    const id = created.data.order.id;
    const paying = await t.call(shopOrderEndpoints.pay, { token: customer, body: { id } });
    expect(paying.status, paying.message).toBe('200');
    const form = new FormData();
    form.set('action', 'pay');
    expect((await fetch(paying.data.payUrl, { method: 'POST', body: form })).status).toBe(200);
    await f.untilState(id, 'paid', customer);
  });
});
