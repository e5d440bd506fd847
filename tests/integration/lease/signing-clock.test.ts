import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signingFixture, type SigningFixture } from '../../fixtures/lease-signing.ts';
import { approvedContract, huadongOf } from '../lease-handover/helpers.ts';
import { contractRow } from './helpers.ts';

/**
 * The business clock may run ahead of the wall clock (tests move it; QA follow the simulator's accelerated clock with
 * CLOCK_URL): the simulated provider follows the same clock, so its signed callbacks are fresh by the server's clock
 * and still move the contract. (A provider left on the wall clock would be three days stale here: refused.)
 */
describe('signing while the business clock runs ahead', () => {
  let f: SigningFixture;
  beforeAll(async () => {
    f = await signingFixture();
  });
  afterAll(() => f.close());

  it('takes the provider’s callbacks three days on', async () => {
    f.t.advance(3 * 86_400_000);
    const { contract } = await approvedContract(f.t, await huadongOf(f.t));
    await f.sign(contract.id);
    expect((await contractRow(f.t, contract.id)).status).toBe(7);
  });
});
