import { describe, expect, it } from 'vitest';
import { sublessorForm } from './lease-sublease.ts';
import { notifyRuleForm } from './notifications.ts';
import { invoiceForm } from './settings.ts';
import { virtualHostForm } from './virtual-hosts.ts';

/**
 * Rules across fields run on what was sent even where its fields are invalid (fields.ts `acrossFields`): any
 * value there is refused with the field's message, never thrown. The fuzz test found an invoice type that threw.
 */
describe('rules across fields on values of the wrong type', () => {
  const invoice = { type: 'special', taxRate: 6, title: 'Acme', taxNumber: '91310000MA1FL0XX1A' };

  it('an invoice type that is no string is refused, not thrown', () => {
    for (const type of [{ toString: 1 }, ['special'], 7, null]) {
      const result = invoiceForm.safeParse({ ...invoice, type });
      expect(result.success).toBe(false);
      expect(result.error!.issues.find((i) => i.path[0] === 'type')?.message).toBe('validation.required');
    }
  });

  it('a tax rate not of the invoice type is still refused', () => {
    const result = invoiceForm.safeParse({ ...invoice, type: 'ordinary', taxRate: 7 });
    expect(result.error?.issues.map((i) => [i.path[0], i.message])).toEqual([['taxRate', 'validation.taxRate']]);
  });

  it('a leased virtual host whose customer name is no text is refused, not thrown', () => {
    for (const customerName of [5, { trim: 1 }, ['x']]) {
      const result = virtualHostForm.safeParse({ leaseStatus: 2, customerName });
      expect(result.success).toBe(false);
      expect(result.error!.issues.some((i) => i.path[0] === 'customerName')).toBe(true);
    }
  });

  it("a sub-lessor account's area code that is no text is refused, not thrown", () => {
    const sublessor = { name: 'Acme Lifts', contactName: 'Li', areaCode: '86', contactPhone: '13800000010' };
    for (const accountAreaCode of [{ toString: {} }, 86, ['86']]) {
      const result = sublessorForm.safeParse({ ...sublessor, accountMobile: '13800000010', accountAreaCode });
      expect(result.success).toBe(false);
      expect(result.error!.issues.some((i) => i.path[0] === 'accountAreaCode')).toBe(true);
    }
  });
  it('notification steps that are no objects are refused, not thrown', () => {
    const rule = { name: 'Night alarms', enabled: true, selector: 'all', webhookUrl: '' };
    for (const steps of [[null], [{ delayMinutes: 0, channels: ['sms'] }, null], [5, 'x']]) {
      const result = notifyRuleForm.safeParse({ ...rule, steps });
      expect(result.success).toBe(false);
      expect(result.error!.issues.some((i) => i.path[0] === 'steps')).toBe(true);
    }
  });
});
