// First: the globals the console's modules read as they load.
import '../test/node-globals.ts';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderToString } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AttendanceRow } from '@console/contract/http/analysis';
import { useAttendanceFields } from '../features/analysis/fields.tsx';
import { changeLang, i18n, initI18n } from '../lib/i18n.ts';

const t = (key: string, options: Record<string, unknown>) => String(i18n.t(key as never, options as never));

/** The attendance table's day cells of a machine that attended `days` days and idled `idle`. */
function dayCells(days: number, idle: number): string[] {
  const row = { deviceId: 1, serialNumber: 'SN-1', daysAttended: days, idleDays: idle } as AttendanceRow;
  let cells: string[] = [];
  function Probe() {
    const fields = useAttendanceFields();
    cells = (['daysAttended', 'idleDays'] as const).map((key) => renderToString(<>{fields.cell(key, row)}</>));
    return null;
  }
  renderToString(<Probe />);
  return cells;
}

describe('counted words in English', () => {
  beforeAll(async () => {
    await initI18n();
  });

  it('write one day, one month and one item in the singular, other counts in the plural', async () => {
    await changeLang('en');
    expect(dayCells(1, 0)).toEqual(['1 day', '0 days']);
    expect(dayCells(2, 1)).toEqual(['2 days', '1 day']);
    expect(t('analysis:attendance.idleMachines', { count: 1 })).toBe('Idle for 1 day or more');
    expect(t('analysis:attendance.idleMachines', { count: 3 })).toBe('Idle for 3 days or more');
    expect(t('renewals:renew.monthOption', { count: 1, price: 'A$9.00' })).toBe('1 month: A$9.00 each');
    expect(t('renewals:renew.monthOption', { count: 12, price: 'A$90.00' })).toBe('12 months: A$90.00 each');
    expect(t('renewals:renew.title', { count: 1 })).toBe('Renew 1 item');
    expect(t('renewals:renew.title', { count: 2 })).toBe('Renew 2 items');
    expect(t('renewals:order.monthUnit', { count: 1 })).toBe('month');
    expect(t('renewals:order.monthUnit', { count: 6 })).toBe('months');
    expect(t('lease-handover:periods.dueWithin', { count: 1 })).toBe('1 day');
  });

  it('keep one form in Chinese', async () => {
    await changeLang('zh-cn');
    expect(dayCells(1, 2)).toEqual(['1 天', '2 天']);
    expect(t('renewals:renew.title', { count: 1 })).toBe(t('renewals:renew.title', { count: 2 }).replace('2', '1'));
  });
});

describe('the English catalogs', () => {
  const dir = join(import.meta.dirname, 'en-US');
  const texts = readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .flatMap((file) => {
      const walk = (value: unknown, path: string): [string, string][] =>
        typeof value === 'string'
          ? [[path, value]]
          : Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => walk(v, path ? `${path}.${k}` : k));
      return walk(JSON.parse(readFileSync(join(dir, file), 'utf8')), file.replace('.json', ':'));
    });
  const keys = new Set(texts.map(([key]) => key));

  it('count nothing with "(s)": a counted text has a singular and a plural form', () => {
    expect(texts.filter(([, text]) => /\w\(s\)/.test(text) && text.includes('{{'))).toEqual([]);
  });

  it('give every singular form its plural', () => {
    const singular = [...keys].filter((key) => key.endsWith('_one'));
    expect(
      singular.filter((key) => !keys.has(key.replace(/_one$/, '_other')) && !keys.has(key.replace(/_one$/, ''))),
    ).toEqual([]);
  });
});
