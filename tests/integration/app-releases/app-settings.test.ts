import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROLE } from '@console/contract/codes/roles';
import { appReleaseEndpoints } from '@console/contract/http/app-releases';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';

const LIFTGO = { host: 'console.liftgo.example' };

describe("the app's own settings", () => {
  let t: TestApp;
  const admin = () => t.tokenFor(ROLE.companyAdmin);
  const form = (fields: Record<string, unknown> = {}) => ({
    servicePhone: '400-820-6688',
    serviceHours: '周一至周六 8:00-20:00',
    serviceEmail: 'service@zjcloud.example',
    agreementUrl: 'https://www.zjcloud.example/app/agreement',
    privacyUrl: 'https://www.zjcloud.example/app/privacy',
    about: '设备租赁与远程监控',
    ...fields,
  });
  const save = async (fields: Record<string, unknown> = {}, headers?: Record<string, string>) =>
    t.call(appReleaseEndpoints.saveSettings, { token: await admin(), loose: { body: form(fields) }, headers });
  const app = (headers?: Record<string, string>) => t.call(appReleaseEndpoints.appSettings, { headers });

  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.dbh.close());

  it("are saved for the console's brand and read by that brand's app at once, another brand's untouched", async () => {
    const before = (await app(LIFTGO)).data;
    expect(before!.servicePhone).toBe('+61 2 9188 4400');
    const saved = await save();
    expect(saved.status, saved.message).toBe('200');
    expect((await app()).data).toEqual(form());
    expect((await t.call(appReleaseEndpoints.appSettings, { query: { appid: saved.data.appid } })).data).toEqual(
      form(),
    );
    expect((await app(LIFTGO)).data).toEqual(before);
    const page = await t.call(appReleaseEndpoints.settings, { token: await admin() });
    expect(page.data).toMatchObject({ ...form(), updatedByName: expect.any(String) });
    expect(page.data!.updatedByName).not.toBe('');

    expect((await save({ servicePhone: '+61 2 9000 1234' })).status).toBe('200');
    expect((await app()).data!.servicePhone).toBe('+61 2 9000 1234');
  });

  it('refuses what the app could not use, in the request’s language, and keeps the last saved', async () => {
    await save();
    const refusals: [Record<string, unknown>, string, string][] = [
      [{ servicePhone: 'call us' }, 'servicePhone', 'Enter the service phone the app dials'],
      [{ agreementUrl: 'http://www.zjcloud.example/a' }, 'agreementUrl', 'The user agreement is a web page'],
      [{ privacyUrl: 'javascript:alert(1)' }, 'privacyUrl', 'The privacy policy is a web page'],
      [{ serviceEmail: 'service' }, 'serviceEmail', 'The service e-mail is an address'],
    ];
    for (const [fields, field, text] of refusals) {
      const answer = await save(fields);
      expect(answer.status, field).toBe('400');
      expect(answer.data.field).toBe(field);
      expect(answer.message).toContain(text);
    }
    const zh = await t.call(appReleaseEndpoints.saveSettings, {
      token: await admin(),
      lang: 'zh_CN',
      loose: { body: form({ privacyUrl: '' }) },
    });
    expect(zh.message).toContain('隐私政策须为以 https:// 开头的网页');
    expect((await app()).data).toEqual(form());
  });

  it("are the platform's staff's alone", async () => {
    for (const role of [ROLE.lessorAdmin, ROLE.finance, ROLE.distributor, ROLE.other]) {
      expect((await t.call(appReleaseEndpoints.settings, { token: await t.tokenFor(role) })).status).toBe('403');
      const answer = await t.call(appReleaseEndpoints.saveSettings, { token: await t.tokenFor(role), body: form() });
      expect(answer.status, `role ${role}`).toBe('403');
    }
    expect((await t.call(appReleaseEndpoints.settings, { token: await t.tokenFor(ROLE.companyEmployee) })).status).toBe(
      '200',
    );
  });

  it('each brand has its demo settings, in its language', async () => {
    expect((await app()).data).toMatchObject({ servicePhone: '400-820-6688', serviceHours: '周一至周六 8:00-20:00' });
    expect((await app(LIFTGO)).data).toMatchObject({ servicePhone: '+61 2 9188 4400' });
    expect((await app(LIFTGO)).data!.about).not.toMatch(/[\u4e00-\u9fff]/);
  });
});
