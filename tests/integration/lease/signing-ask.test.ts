import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@console/contract/codes/roles';
import { leaseContractEndpoints as api } from '@console/contract/http/lease-contracts';
import { signingFixture, signOnPage, type SigningFixture } from '../../fixtures/lease-signing.ts';
import { approvedContract, huadongOf } from '../lease-handover/helpers.ts';
import { contractRow } from './helpers.ts';

/**
 * A signing whose callbacks never arrive (lost on the way): the lessor's people ask the provider how it stands, and
 * the contract moves as the callbacks would have moved it, once (decision 059's addendum).
 */
describe('asking the provider how a signing stands', () => {
  let f: SigningFixture;
  const ask = async (id: number, roleId: number = ROLE.lessorAdmin) =>
    f.t.call(api.askSigning, { token: await f.t.tokenFor(roleId as never), lang: 'en_US', body: { id } });
  beforeAll(async () => {
    f = await signingFixture();
  });
  afterAll(() => f.close());

  it('takes the signatures whose callbacks were lost, once each', async () => {
    const { contract } = await approvedContract(f.t, await huadongOf(f.t));
    // Nothing said yet: the contract is not out for signing.
    const early = await ask(contract.id);
    expect(early.status).toBe('409');
    expect(early.message).toContain('it is not out for signing');
    const pages = await f.startSigning(contract.id);
    // The provider's callbacks are held back for ten minutes: both parties sign, and the server hears nothing.
    f.provider.steering.callbackDelayMs = 600_000;
    await signOnPage(pages.lesseeUrl, '王建国');
    await signOnPage(pages.lessorUrl, '李华');
    expect((await contractRow(f.t, contract.id)).status).toBe(5);
    // The renter's people may not ask.
    expect((await ask(contract.id, ROLE.other)).status).not.toBe('200');
    const asked = await ask(contract.id);
    expect(asked.status, asked.message).toBe('200');
    expect(asked.data).toEqual({ status: 7, learned: 2 });
    expect((await contractRow(f.t, contract.id)).status).toBe(7);
    // Asked again, or the late callbacks arriving: nothing more happens.
    expect((await ask(contract.id)).status).toBe('409');
    f.provider.steering.callbackDelayMs = 0;
  });

  it('says a flow the provider no longer knows is lost, and changes nothing', async () => {
    const { contract } = await approvedContract(f.t, await huadongOf(f.t));
    await f.startSigning(contract.id);
    const flow = [...f.provider.flows.values()].find((fl) => fl.reference === String(contract.id))!;
    f.provider.forget(flow);
    const asked = await ask(contract.id);
    expect(asked.status).toBe('409');
    expect(asked.message).toContain('no longer knows this signing: cancel the signing');
    expect((await contractRow(f.t, contract.id)).status).toBe(5);
  });
});
