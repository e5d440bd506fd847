import { Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DEVICE_STATUS } from '@console/contract/codes/device-status';
import type { MachineKind } from '@console/contract/codes/machine-kinds';
import { OVERVIEW_FIELDS, type OverviewRow } from '@console/contract/http/device-overview';
import type { KindData } from '@console/contract/mqtt/payloads';
import { useCodeLabel } from '../../../components/code-label.ts';
import type { ListColumn } from '../../../components/list-page.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { detailHref } from './device-columns.tsx';

/** A machine's track playback, from today (spec route /deviceManagement/historicalTrajectory, the id in the query). */
export const playbackHref = (id: number) => `/deviceManagement/historicalTrajectory?id=${id}`;

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

/** The machine list of one kind: who it is, its status, the kind's readings, and where to go from it. */
export function useOverviewColumns(kind: MachineKind): ListColumn<OverviewRow>[] {
  const { t } = useTranslation(['devices', 'common']);
  const label = useCodeLabel();
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

  return [
    {
      key: 'serialNumber',
      title: t('fields.serialNumber'),
      dataIndex: 'serialNumber',
      sorter: true,
      fixed: 'left',
      render: (serial: string, row) => <Link to={detailHref(row.id)}>{serial}</Link>,
    },
    { key: 'hostName', title: t('fields.hostName'), dataIndex: 'hostName', sorter: true },
    {
      key: 'status',
      title: t('fields.status'),
      dataIndex: 'status',
      sorter: true,
      exportValue: (row) => label(DEVICE_STATUS, row.status),
      render: (status: number, row) => (
        <Space size={4}>
          <StatusBadge table={DEVICE_STATUS} value={status} />
          {row.alarmOpen && status !== 8 && <StatusBadge table={DEVICE_STATUS} value={8} />}
        </Space>
      ),
    },
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
    { key: 'customerName', title: t('fields.customer'), dataIndex: 'customerName' },
    { key: 'location', title: t('fields.location'), dataIndex: 'location', ellipsis: true, width: 160 },
    { key: 'lastReportAt', title: t('fields.lastReportAt'), dataIndex: 'lastReportAt', sorter: true },
    {
      key: 'actions',
      title: t('common:actions'),
      noExport: true,
      fixed: 'right',
      render: (_, row) => (
        <Space size={12}>
          <Link to={detailHref(row.id)}>{t('list.detail')}</Link>
          <Link to={playbackHref(row.id)}>{t('overview.playback')}</Link>
        </Space>
      ),
    },
  ];
}
