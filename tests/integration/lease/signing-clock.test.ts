import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signingFixture, type SigningFixture } from '../../fixtures/lease-signing.ts';
import { approvedContract, huadongOf } from '../lease-handover/helpers.ts';
import { contractRow } from './helpers.ts';

/**
 * The business clock may run ahead of the wall clock (tests move it; QA follows the simulator's accelerated clock):
 * the provider's signed callbacks are fresh by the wall clock both sides sign with, and still move the contract.
 */
describe('signing while the business clock runs ahead', () => {
  let f: SigningFixture;
  beforeAll(async () => {
    f = await signingFixture();
  });
  afterAll(() => f.close());

  it('takes the provider’s callbacks three days on', async () => {
    f.t.advance(3 * 86_400_000);
    const { contract } = approvedContract(f.t, huadongOf(f.t));
    await f.sign(contract.id);
    expect(contractRow(f.t, contract.id).status).toBe(7);
  });
});
