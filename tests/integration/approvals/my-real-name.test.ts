import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROLE } from '@console/contract/codes/roles';
import { verificationEndpoints } from '@console/contract/http/approvals';
import { completeIdNumber } from '@console/contract/lease/renter-identity';
import { createUser } from '@console/db/seed/accounts';
import { customerPersonMobile } from '@console/db/seed/people';
import { createSession } from '@console/server/src/lib/session';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import { approvalsOf } from './helpers.ts';

/** One's own real-name state, read on /setUp (decision 047): masked, with the reviewer's reason when rejected. */
describe('my real-name verification', () => {
  let t: TestApp;
  let a: Awaited<ReturnType<typeof approvalsOf>>;
  beforeEach(async () => {
    t = await createTestApp();
    a = await approvalsOf(t);
  });
  afterEach(() => t.dbh.close());

  const mine = async (token: string) => (await t.call(verificationEndpoints.mine, { token })).data;

  it('goes from not submitted to under review, rejected with the reason, and verified, masked throughout', async () => {
    const person = await createUser(a.db, { orgId: a.huadong.id, mobile: '13700000009', roleId: ROLE.lessorSales });
    const token = await createSession(a.db, person.id, 'console', '127.0.0.1', t.deps.now() + 3600_000);
    expect(await mine(token)).toMatchObject({ state: 'none', idType: null, name: '', idNumber: '', reason: '' });

    // A wrong check digit is refused on its field and changes nothing.
    const bad = await t.call(verificationEndpoints.submitRealName, {
      token,
      body: { idType: 1, name: '王小明', idNumber: '110105194912310021' },
      lang: 'en_US',
    });
    expect(bad).toMatchObject({ status: '400', data: { field: 'idNumber' } });
    expect(bad.message).toContain('Enter a valid ID card number');
    expect((await mine(token)).state).toBe('none');

    const idNumber = completeIdNumber(1, '11010519491231002');
    const sent = await t.call(verificationEndpoints.submitRealName, {
      token,
      body: { idType: 1, name: '王小明', idNumber },
    });
    expect(sent.status).toBe('200');
    const pending = await mine(token);
    expect(pending).toMatchObject({ state: 'pending', idType: 1, name: '王*明', idNumber: '110105********002X' });
    expect(pending.submittedAt).not.toBe('');
    expect(JSON.stringify(pending)).not.toContain(idNumber);

    const reviewer = await t.tokenFor(ROLE.companyAdmin);
    const body = { ids: [sent.data.id], reason: '证件照片不清晰' };
    expect((await t.call(verificationEndpoints.reject, { token: reviewer, body })).status).toBe('200');
    expect(await mine(token)).toMatchObject({ state: 'rejected', reason: '证件照片不清晰', name: '王*明' });

    const again = await t.call(verificationEndpoints.submitRealName, {
      token,
      body: { idType: 1, name: '王明', idNumber },
    });
    expect((await mine(token)).state).toBe('pending');
    await t.call(verificationEndpoints.approve, { token: reviewer, body: { ids: [again.data.id] } });
    expect(await mine(token)).toMatchObject({ state: 'approved', name: '王*', reason: '' });
  });

  it("answers each person's own state: a seeded verified account and another's rejection", async () => {
    expect(await mine(await t.tokenForAccount(customerPersonMobile(0)))).toMatchObject({ state: 'approved' });
    expect(await mine(await t.tokenForAccount(customerPersonMobile(4)))).toMatchObject({
      state: 'rejected',
      reason: '姓名与身份证号码不一致',
    });
    expect((await t.call(verificationEndpoints.mine, {})).status).toBe('401');
  });
});
