import { Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MachineKind } from '@console/contract/codes/machine-kinds';
import { OVERVIEW_FIELDS, type OverviewRow } from '@console/contract/http/device-overview';
import type { KindData } from '@console/contract/mqtt/payloads';
import { defineFields } from '../../../components/fields.tsx';
import type { ListColumn } from '../../../components/list-page.tsx';
import { machineFields } from '../fields.tsx';
import { href } from '@console/contract/screens/screen';
import { deviceDetailScreens } from '@console/contract/screens/device-detail';
import { trackScreens } from '@console/contract/screens/tracks';

/** Units of the readings; SI symbols read the same in both languages. */
const UNITS: Record<string, string> = {
  platformHeightM: 'm',
  loadPct: '%',
  tiltDeg: '°',
  batteryPct: '%',
  workingHours: 'h',
  displacementM3h: 'm³/h',
  pressureMpa: 'MPa',
  pumpCurrentA: 'A',
  engineHours: 'h',
  sprayRateM3h: 'm³/h',
  acceleratorPct: '%',
  bladeRpm: 'rpm',
  areaTodayM2: 'm²',
  engineRpm: 'rpm',
  fuelPct: '%',
  waterTempC: '°C',
  loadKg: 'kg',
  forkHeightM: 'm',
  chargePct: '%',
  voltageV: 'V',
  currentA: 'A',
  temperatureC: '°C',
  outputV: 'V',
  outputA: 'A',
  energyKwh: 'kWh',
};

const useOverviewFields = defineFields<OverviewRow>()('devices', machineFields);

/** The machine list of one kind: who it is, its status, the kind's readings, and where to go from it. */
export function useOverviewColumns(kind: MachineKind): ListColumn<OverviewRow>[] {
  const { t } = useTranslation(['devices', 'common']);
  const reading = (row: OverviewRow, field: string): unknown =>
    row.latest ? (row.latest as Record<string, unknown>)[field] : undefined;
  const show = (field: string, value: unknown): string => {
    if (value === undefined || value === null) return '-';
    if (typeof value === 'boolean') return value ? t('overview.yes') : t('overview.no');
    if (typeof value === 'string') return t(`overview.values.${value}`, { defaultValue: value });
    const unit = UNITS[field] ? ` ${UNITS[field]}` : '';
    if (Array.isArray(value)) return `${value.join(' / ')}${unit}`;
    return `${value}${unit}`;
  };
  const fields = OVERVIEW_FIELDS[kind] as (keyof KindData)[];

  const machine = useOverviewFields();
  return [
    ...machine.columns(['serialNumber', 'hostName', 'status'], { serialNumber: { fixed: 'left' } }),
    ...fields.map((field): ListColumn<OverviewRow> => ({
      key: String(field),
      title: t(`overview.fields.${String(field)}` as 'overview.fields.loadPct'),
      exportValue: (row) => show(String(field), reading(row, String(field))),
      render: (_, row) => show(String(field), reading(row, String(field))),
    })),
    {
      key: 'faults',
      title: t('overview.fields.faults'),
      exportValue: (row) => row.latest?.faults.join(' ') ?? '',
      render: (_, row) =>
        row.latest ? (
          row.latest.faults.map((code) => (
            <Tag key={code} color="red">
              {code}
            </Tag>
          ))
        ) : (
          <Tag>{t('overview.noReading')}</Tag>
        ),
    },
    ...machine.columns(['customerName', 'location', 'lastReportAt'], { location: { width: 160 } }),
    {
      key: 'actions',
      title: t('common:actions'),
      noExport: true,
      fixed: 'right',
      render: (_, row) => (
        <Space size={12}>
          <Link to={href(deviceDetailScreens.detail, { id: row.id })}>{t('list.detail')}</Link>
          <Link to={href(trackScreens.playback, { id: row.id })}>{t('overview.playback')}</Link>
        </Space>
      ),
    },
  ];
}
