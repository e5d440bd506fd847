import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { HandoverMachineRow } from '@console/contract/http/lease-handover';
import { changeLang, initI18n } from '../../lib/i18n.ts';
import { useHandoverMachineFields } from './fields.tsx';

// The console's modules read its storage and window as they load; the test runs in node without them.
vi.hoisted(() => {
  const storage = () => {
    const store = new Map<string, string>();
    return {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
      removeItem: (k: string) => void store.delete(k),
    } as Storage;
  };
  Object.assign(globalThis, {
    localStorage: storage(),
    sessionStorage: storage(),
    window: Object.assign(globalThis, { addEventListener: () => {}, removeEventListener: () => {} }),
  });
});

const KEYS = ['serialNumber', 'modelName', 'hourMeter', 'batteryPct', 'readAt', 'damage', 'workOrder'] as const;

const machine: HandoverMachineRow = {
  id: 1,
  lineId: 2,
  deviceId: 3,
  serialNumber: 'SN-3',
  modelName: 'FB20',
  hourMeter: 1234.5,
  batteryPct: 80,
  readAt: '2026-04-01 08:00:00',
  photos: [],
  damage: '',
  workOrderId: null,
  workOrderNumber: '',
  periodId: null,
};

/** The machine table's headers and each cell's text, as a user reads them. */
function tableOf(row: HandoverMachineRow) {
  let titles: string[] = [];
  let html = '';
  function Probe() {
    const fields = useHandoverMachineFields();
    const columns = fields.columns(KEYS);
    titles = columns.map((c) => c.title);
    html = renderToString(
      <MemoryRouter>
        {columns.map((c) => (
          <span key={c.key} data-cell={c.key}>
            {c.render?.(undefined, row, 0) as never}
          </span>
        ))}
      </MemoryRouter>,
    );
    return null;
  }
  renderToString(<Probe />);
  const cells = Object.fromEntries(
    [...html.matchAll(/data-cell="(\w+)">(.*?)<\/span>/g)].map(([, key, cell]) => [key, cell.replace(/<[^>]+>/g, '')]),
  );
  return { titles, cells };
}

describe("a handover's machine table", () => {
  beforeAll(() => {
    initI18n();
  });

  it('heads its columns in both languages and shows the readings with their units, or a dash', async () => {
    await changeLang('en');
    const { titles, cells } = tableOf(machine);
    expect(titles).toEqual(['Serial number', 'Model', 'Hour meter', 'Battery', 'Read at', 'Damage', 'Work order']);
    expect(cells).toEqual({
      serialNumber: 'SN-3',
      modelName: 'FB20',
      hourMeter: '1234.5 h',
      batteryPct: '80%',
      readAt: '2026-04-01 08:00:00',
      damage: '-',
      workOrder: '-',
    });
    const unread = tableOf({ ...machine, hourMeter: null, batteryPct: null, readAt: '' }).cells;
    expect([unread.hourMeter, unread.batteryPct, unread.readAt]).toEqual(['-', '-', '-']);
    await changeLang('zh-cn');
    expect(tableOf(machine).titles).toEqual(['设备序列号', '型号', '工作小时', '电量', '读数时间', '损坏情况', '工单']);
  });
});
