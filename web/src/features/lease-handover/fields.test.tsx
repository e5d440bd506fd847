// First: the globals the console's modules read as they load.
import '../../test/node-globals.ts';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import type { HandoverMachineRow } from '@console/contract/http/lease-handover';
import { changeLang, initI18n } from '../../lib/i18n.ts';
import { useHandoverMachineFields } from './fields.tsx';

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
