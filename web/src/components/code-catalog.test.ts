import { describe, expect, it } from 'vitest';
import type { CodeTable } from '@console/contract/codes/code-table';
import { ACCOUNT_STATUS, INVOICE_TYPE, ROLE_CODE, VERIFY_STATUS } from '@console/contract/codes/accounts';
import { BUSINESS_MODEL } from '@console/contract/codes/business-models';
import { CONTRACT_STATUS, OTHER_KIND_STATUS } from '@console/contract/codes/contract-status';
import { DEVICE_CONDITION, DEVICE_STATUS, POSITIONING, SIGNAL } from '@console/contract/codes/device-status';
import { COUPON_USE, INVOICE_STATUS, RENEWAL_WINDOW, SHOP_ORDER_STATUS } from '@console/contract/codes/finance';
import { LOCK_EXECUTION, LOCK_LEVEL, LOCK_MODE, LOCK_TASK_TYPE } from '@console/contract/codes/lock';
import { ALARM_ACTION, ALARM_LEVEL, ALARM_TYPE } from '@console/contract/codes/alarms';
import { MACHINE_KIND } from '@console/contract/codes/machine-kinds';
import {
  DEVICE_FILE_CATEGORY,
  DEVICE_LOG_EVENT,
  EXPENSE_TYPE,
  OPERATION_CATEGORY,
} from '@console/contract/codes/device-records';
import { SIM_CARRIER } from '@console/contract/codes/sim-cards';
import {
  APPROVAL_STATUS,
  FAULT_TYPE,
  FEEDBACK_STATUS,
  PUSH_STATUS,
  UPKEEP_INTERVAL,
  WORK_ORDER_SOURCE,
  WORK_ORDER_STATUS,
  WORK_ORDER_TYPE,
} from '@console/contract/codes/service';
import { LEASE_STATUS, STOCK_STATUS } from '@console/contract/codes/stock';
import { FAULT_STATE, UPKEEP_DUE } from '@console/contract/codes/maintenance';
import en from '../locales/en-US/codes.json';
import zh from '../locales/zh-CN/codes.json';
import enComponents from '../locales/en-US/components.json';
import zhComponents from '../locales/zh-CN/components.json';
import enEmployees from '../locales/en-US/employees.json';
import zhEmployees from '../locales/zh-CN/employees.json';
import enSettings from '../locales/en-US/settings.json';
import zhSettings from '../locales/zh-CN/settings.json';

const TABLES: CodeTable[] = [
  ACCOUNT_STATUS,
  INVOICE_TYPE,
  ROLE_CODE,
  VERIFY_STATUS,
  BUSINESS_MODEL,
  CONTRACT_STATUS,
  OTHER_KIND_STATUS,
  DEVICE_CONDITION,
  DEVICE_STATUS,
  SIGNAL,
  POSITIONING,
  MACHINE_KIND,
  ALARM_TYPE,
  ALARM_LEVEL,
  ALARM_ACTION,
  SIM_CARRIER,
  DEVICE_LOG_EVENT,
  OPERATION_CATEGORY,
  EXPENSE_TYPE,
  DEVICE_FILE_CATEGORY,
  COUPON_USE,
  INVOICE_STATUS,
  RENEWAL_WINDOW,
  SHOP_ORDER_STATUS,
  LOCK_EXECUTION,
  LOCK_LEVEL,
  LOCK_MODE,
  LOCK_TASK_TYPE,
  APPROVAL_STATUS,
  FEEDBACK_STATUS,
  PUSH_STATUS,
  WORK_ORDER_STATUS,
  WORK_ORDER_TYPE,
  WORK_ORDER_SOURCE,
  FAULT_TYPE,
  UPKEEP_INTERVAL,
  FAULT_STATE,
  UPKEEP_DUE,
  LEASE_STATUS,
  STOCK_STATUS,
];

const lookup = (catalog: unknown, key: string) =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalog);

describe('code labels', () => {
  it('label every code of every table in both languages', () => {
    for (const table of TABLES) {
      for (const code of table.codes) {
        expect(typeof lookup(zh, code.key), `zh-CN ${code.key}`).toBe('string');
        expect(typeof lookup(en, code.key), `en-US ${code.key}`).toBe('string');
      }
    }
  });

  it('give every value of a table its own label', () => {
    for (const table of TABLES) {
      const labels = table.codes.map((c) => lookup(en, c.key));
      expect(new Set(labels).size, table.name).toBe(labels.length);
    }
  });
});

const keysOf = (node: unknown, prefix = ''): string[] =>
  typeof node === 'object' && node !== null
    ? Object.entries(node).flatMap(([k, v]) => keysOf(v, prefix ? `${prefix}.${k}` : k))
    : [prefix];

describe('catalogs of the building blocks, settings and employees', () => {
  const pairs: [string, unknown, unknown][] = [
    ['codes', zh, en],
    ['components', zhComponents, enComponents],
    ['settings', zhSettings, enSettings],
    ['employees', zhEmployees, enEmployees],
  ];
  it('have the same keys in both languages', () => {
    for (const [name, zhCatalog, enCatalog] of pairs) {
      expect(keysOf(enCatalog).sort(), name).toEqual(keysOf(zhCatalog).sort());
    }
  });
  it('have no Chinese in English and an interpolation in both or neither', () => {
    for (const [name, zhCatalog, enCatalog] of pairs) {
      expect(JSON.stringify(enCatalog), name).not.toMatch(/[\u4e00-\u9fff]/);
      for (const key of keysOf(zhCatalog)) {
        const vars = (catalog: unknown) =>
          (
            String(key.split('.').reduce<unknown>((n, p) => (n as Record<string, unknown>)[p], catalog)).match(
              /{{\w+}}/g,
            ) ?? []
          ).sort();
        expect(vars(enCatalog), `${name}:${key}`).toEqual(vars(zhCatalog));
      }
    }
  });
});
