import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROLE } from '@console/contract/codes/roles';
import { deviceDetailEndpoints } from '@console/contract/http/device-detail';
import { deviceRecordEndpoints } from '@console/contract/http/device-records';
import { employeeEndpoints } from '@console/contract/http/employees';
import { renewalEndpoints } from '@console/contract/http/renewals';
import { LATEST_INSTANT } from '@console/contract/http/fields';
import { uploadEndpoints } from '@console/contract/http/uploads';
import { rowOf, rowsOf } from '../../fixtures/sql-rows.ts';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';

/**
 * Input at the edges of what the contract lets through gets a clear refusal or a real answer, never a server
 * error: the contract's bounds are the ones the server's calendar maths and parsers can handle.
 */
describe('the contract bounds what the server can handle', () => {
  let t: TestApp;
  let token: string;
  beforeEach(async () => {
    t = await createTestApp();
    token = await t.tokenFor(ROLE.lessorAdmin);
  });
  afterEach(() => t.dbh.close());

  const HISTORY = ['series', 'records', 'track', 'workingHours'] as const;

  it('refuses a history range past the last date the server can count in, and answers at that date', async () => {
    for (const name of HISTORY) {
      const endpoint = deviceDetailEndpoints[name];
      const query = { id: '1', from: '0', to: '8640000000000001', fields: 'loadPct', period: '1' };
      const far = await t.send(endpoint, { token, query, headers: { lang: 'en_US' } });
      expect(far.envelope, name).toMatchObject({ status: '400', data: { field: 'to' } });
      expect(far.envelope!.message, name).toBe('Invalid input: to, please select a time range');
      const edge = await t.send(endpoint, {
        token,
        query: { ...query, from: String(LATEST_INSTANT - 3_600_000), to: String(LATEST_INSTANT) },
      });
      expect(edge.envelope?.status, `${name}: ${edge.envelope?.message}`).not.toBe('500');
    }
  });

  it('refuses the month 9999-12 in the device and operation logs, and answers 9998-12', async () => {
    for (const endpoint of [deviceRecordEndpoints.deviceLog, deviceRecordEndpoints.operationLog]) {
      const far = await t.call(endpoint, { token, query: { deviceId: 1, month: '9999-12' } });
      expect(far).toMatchObject({ status: '400', data: { field: 'month' } });
      const zh = await t.call(endpoint, { token, lang: 'zh_CN', query: { deviceId: 1, month: '9999-12' } });
      expect(zh.message).toContain('month');
      const edge = await t.call(endpoint, { token, query: { deviceId: 1, month: '9998-12' } });
      expect(edge.status, edge.message).toBe('200');
      expect(edge.data.total).toBe(0);
    }
  });

  // PostgreSQL's text holds no NUL character: a search or a form carrying one answered "system error" there.
  it('refuses a text holding a NUL character as invalid input, in a search and in a form, and writes nothing', async () => {
    const search = await t.send(renewalEndpoints.items, {
      token,
      headers: { lang: 'en_US' },
      query: { kind: 'device', keyword: 'A\u0000' },
    });
    expect(search.envelope).toMatchObject({ status: '400', data: { field: 'keyword' } });
    const expensesBefore = await rowsOf(t.dbh.db, 'SELECT id FROM device_expenses ORDER BY id');
    const form = await t.call(deviceRecordEndpoints.createExpense, {
      token,
      body: { deviceId: 1, type: 'maintenance', amountCents: 100, date: '2026-10-01', remark: 'oil\u0000' },
    });
    expect(form).toMatchObject({ status: '400', data: { field: 'remark' } });
    expect(await rowsOf(t.dbh.db, 'SELECT id FROM device_expenses ORDER BY id')).toEqual(expensesBefore);
  });

  it('refuses editUser.do with nothing to change, and changes nothing', async () => {
    const uid = await t.userId(ROLE.lessorSales);
    const before = await rowOf(t.dbh.db, 'SELECT nickname, role_id FROM users WHERE id = ?', uid);
    const answer = await t.call(employeeEndpoints.editUser, { token, query: { uid } });
    expect(answer).toMatchObject({
      status: '400',
      message: 'Invalid input: nickname, Nothing to change: give a new nickname or role',
    });
    const zh = await t.call(employeeEndpoints.editUser, { token, query: { uid }, lang: 'zh_CN' });
    expect(zh.message).toBe('参数错误：nickname，没有要修改的内容：请填写新的昵称或角色');
    expect(await rowOf(t.dbh.db, 'SELECT nickname, role_id FROM users WHERE id = ?', uid)).toEqual(before);
  });

  it('refuses an upload whose file name holds a raw line break or a lone quote, clearly', async () => {
    const boundary = 'form-boundary';
    const form = (fileName: string) =>
      [
        `--${boundary}`,
        'Content-Disposition: form-data; name="kind"',
        '',
        'image',
        `--${boundary}`,
        `Content-Disposition: form-data; name="file"; filename="${fileName}"`,
        'Content-Type: image/png',
        '',
        'not really a picture',
        `--${boundary}--`,
        '',
      ].join('\r\n');
    for (const fileName of ['site\r\nphoto.png', 'site"photo.png']) {
      const answer = await t.send(uploadEndpoints.upload, {
        token,
        body: form(fileName),
        headers: { lang: 'en_US', 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
      expect(answer.envelope, JSON.stringify(fileName)).toEqual({
        status: '400',
        message:
          'Invalid input: body, the form cannot be read; remove quotes and line breaks from the file name and retry',
        data: { field: 'body', issues: [{ path: 'body', message: 'validation.unreadableForm' }] },
      });
    }
  });
});
