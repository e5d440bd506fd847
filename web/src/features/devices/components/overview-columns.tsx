import { Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MachineKind } from '@console/contract/codes/machine-kinds';
import { OVERVIEW_FIELDS, type OverviewRow } from '@console/contract/http/device-overview';
import { defineFields, type FieldContext, type FieldSpec } from '../../../components/fields.tsx';
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

type Reading = (typeof OVERVIEW_FIELDS)[MachineKind][number];

/** A reading as the list and the CSV show it: yes/no, a state's label, a number with its unit. */
function shown(field: string, value: unknown, t: FieldContext['t']): string {
  if (value === undefined || value === null) return '-';
  if (typeof value === 'boolean') return value ? t('overview.yes') : t('overview.no');
  if (typeof value === 'string') return t(`overview.values.${value}`, { defaultValue: value });
  const unit = UNITS[field] ? ` ${UNITS[field]}` : '';
  if (Array.isArray(value)) return `${value.join(' / ')}${unit}`;
  return `${String(value)}${unit}`;
}

/** Each reading of every kind, declared once: its label and its value in the latest report. */
const readingFields = Object.fromEntries(
  [...new Set(Object.values(OVERVIEW_FIELDS).flat())].map((field): [Reading, FieldSpec<OverviewRow>] => [
    field,
    {
      label: `overview.fields.${field}`,
      value: (row, { t }) => shown(field, row.latest ? (row.latest as Record<string, unknown>)[field] : undefined, t),
    },
  ]),
) as Record<Reading, FieldSpec<OverviewRow>>;

/** The overview's fields (labels in the `devices` catalog): the machine's, the readings, the faults reported. */
const useOverviewFields = defineFields<OverviewRow>()('devices', {
  ...machineFields,
  ...readingFields,
  faults: {
    label: 'overview.fields.faults',
    exportValue: (row) => row.latest?.faults.join(' ') ?? '',
    cell: (row, { t }) =>
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
});

/** The machine list of one kind: who it is, its status, the kind's readings, and where to go from it. */
export function useOverviewColumns(kind: MachineKind): ListColumn<OverviewRow>[] {
  const { t } = useTranslation(['devices', 'common']);
  const fields = useOverviewFields();
  return [
    ...fields.columns(
      [
        'serialNumber',
        'hostName',
        'status',
        ...OVERVIEW_FIELDS[kind],
        'faults',
        'customerName',
        'location',
        'lastReportAt',
      ],
      { serialNumber: { fixed: 'left' }, location: { width: 160 } },
    ),
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
