import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@console/contract/codes/roles';
import { productEndpoints } from '@console/contract/http/products';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';

describe('the product list’s keyword', () => {
  let t: TestApp;
  let operator: string;
  beforeAll(async () => {
    t = await createTestApp();
    operator = await t.tokenFor(ROLE.companyAdmin);
  });
  afterAll(() => t.dbh.close());

  const names = async (keyword: string, lang: 'zh_CN' | 'en_US') => {
    const list = await t.call(productEndpoints.list, {
      token: operator,
      lang,
      query: { keyword, page: 1, pageSize: 50 },
    });
    expect(list.status, list.message).toBe('200');
    return list.data.list.map((p: { name: string }) => p.name);
  };

  // The demo's servicing product is registered as 上门保养服务 and named "On-site servicing" in English.
  it('finds a product by its name or spec in either language, in any case', async () => {
    expect(await names('On-site servicing', 'en_US')).toContain('上门保养服务');
    expect(await names('on-site SERVICING', 'zh_CN')).toContain('上门保养服务');
    expect(await names('上门保养', 'en_US')).toContain('上门保养服务');
    expect(await names('1 visit', 'en_US')).toContain('上门保养服务');
    expect(await names('Nothing sold by that name', 'en_US')).toEqual([]);
  });
});
