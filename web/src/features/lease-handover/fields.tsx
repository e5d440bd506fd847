import { Image, Space } from 'antd';
import { Link } from 'react-router';
import {
  HANDOVER_STATE,
  PERIOD_STATE,
  type HandoverMachineRow,
  type HandoverRow,
  type PeriodRow,
} from '@console/contract/http/lease-handover';
import { leaseContractScreens, leaseHandoverScreens } from '@console/contract/screens/lease';
import { deviceDetailScreens } from '@console/contract/screens/device-detail';
import { workOrderScreens } from '@console/contract/screens/work-orders';
import { href } from '@console/contract/screens/screen';
import { defineFields } from '../../components/fields.tsx';
import { DayField } from '../../components/picker-fields.tsx';
import { useFileUrls } from '../../components/use-file-urls.ts';
import { handoverHref } from './api.ts';

const contractLink = (row: { contractId: number }) => href(leaseContractScreens.contractDetail, { id: row.contractId });
const dayInput = () => <DayField />;

/** The fields of an entry or exit (labels in the `lease-handover` catalog); the form's rules are handoverInput's. */
export const useHandoverFields = defineFields<HandoverRow>()('lease-handover', {
  number: { label: 'fields.number', sortable: true, href: handoverHref },
  state: { label: 'fields.state', kind: 'code', table: HANDOVER_STATE, filter: { width: 140 } },
  contractNumber: { label: 'fields.contract', href: contractLink },
  contractId: { label: 'fields.contractId', filter: { placeholder: 'fields.contractIdPlaceholder', width: 140 } },
  renterName: { label: 'fields.renter' },
  day: { label: 'fields.day', kind: 'day', sortable: true },
  siteAddress: { label: 'fields.site', ellipsis: true, width: 220 },
  deliveredBy: { label: 'fields.deliveredBy' },
  receivedBy: { label: 'fields.receivedBy' },
  machineCount: { label: 'fields.machineCount', kind: 'number' },
  damageCount: { label: 'fields.damage', kind: 'number' },
  serials: { label: 'fields.serials', value: (row) => row.serials.join(', '), ellipsis: true, width: 220 },
  createdAt: { label: 'fields.createdAt', kind: 'moment', sortable: true, defaultHidden: true },
  confirmedAt: { label: 'fields.confirmedAt', kind: 'moment' },
  keyword: { label: 'fields.keyword', filter: { placeholder: 'fields.keywordPlaceholder', maxLength: 50, width: 220 } },
  dayFrom: { label: 'fields.dayFrom', filter: { input: dayInput } },
  dayTo: { label: 'fields.dayTo', filter: { input: dayInput } },
});

/** The fields of a lease period. */
export const usePeriodFields = defineFields<PeriodRow>()('lease-handover', {
  serialNumber: {
    label: 'fields.serial',
    sortable: true,
    href: (row) => href(deviceDetailScreens.detail, { id: row.deviceId }),
  },
  modelName: { label: 'fields.model' },
  contractNumber: { label: 'fields.contract', href: contractLink },
  renterName: { label: 'fields.renter' },
  startOn: { label: 'fields.startOn', kind: 'day', sortable: true },
  plannedEndOn: { label: 'fields.plannedEndOn', kind: 'day', sortable: true },
  endOn: { label: 'fields.endOn', kind: 'day', sortable: true },
  state: { label: 'fields.periodState', kind: 'code', table: PERIOD_STATE },
  days: { label: 'fields.days', kind: 'number' },
  daysLeft: { label: 'fields.daysLeft', kind: 'number' },
  keyword: { label: 'fields.serial', filter: { placeholder: 'fields.serialPlaceholder', maxLength: 50, width: 200 } },
});

/** The inspection photos of a machine (stored files are read through the console's session). */
function Photos({ urls }: { urls: string[] }) {
  const shown = useFileUrls(urls);
  if (urls.length === 0) return <>-</>;
  return (
    <Image.PreviewGroup>
      <Space wrap>
        {urls.map((url) => (
          <Image key={url} src={shown[url]} width={56} height={56} style={{ objectFit: 'cover' }} />
        ))}
      </Space>
    </Image.PreviewGroup>
  );
}

/** A machine of an entry or exit: its readings, damage and photos as inspected, the work order and period it opened. */
export const useHandoverMachineFields = defineFields<HandoverMachineRow>()('lease-handover', {
  serialNumber: { label: 'fields.serial', href: (m) => href(deviceDetailScreens.detail, { id: m.deviceId }) },
  modelName: { label: 'fields.model' },
  hourMeter: { label: 'fields.hourMeter', value: (m) => (m.hourMeter === null ? null : `${m.hourMeter} h`) },
  batteryPct: { label: 'fields.battery', value: (m) => (m.batteryPct === null ? null : `${m.batteryPct}%`) },
  readAt: { label: 'fields.readAt' },
  damage: { label: 'fields.damageNote' },
  photos: { label: 'fields.photos', noExport: true, cell: (m) => <Photos urls={m.photos} /> },
  workOrder: {
    label: 'fields.workOrder',
    value: (m) => m.workOrderNumber,
    cell: (m) =>
      m.workOrderId ? (
        <Link to={href(workOrderScreens.detail, { id: m.workOrderId })} data-testid="damage-work-order">
          {m.workOrderNumber}
        </Link>
      ) : (
        '-'
      ),
  },
  period: {
    label: 'fields.period',
    cell: (m, { t }) =>
      m.periodId ? (
        <Link to={href(leaseHandoverScreens.deviceLeasePeriod, { deviceId: m.deviceId })}>
          {t('detail.openPeriod')}
        </Link>
      ) : (
        '-'
      ),
  },
});
