import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ListColumn } from '../../../components/list-page.tsx';

interface Bound {
  deviceId: number | null;
  deviceSerial: string;
  iccid: string;
  simImei: string;
  installedAt: string;
  ownerName: string;
}

/** The columns every bound peripheral shows: its host (a link to the machine), SIM card, install day, owner. */
export function useBindingColumns<Row extends Bound>(): ListColumn<Row>[] {
  const { t } = useTranslation('peripherals');
  return [
    {
      key: 'deviceSerial',
      title: t('common.device'),
      dataIndex: 'deviceSerial',
      render: (serial: string, row) =>
        row.deviceId ? <Link to={`/deviceManagement/detail?id=${row.deviceId}`}>{serial}</Link> : '-',
    },
    { key: 'iccid', title: t('common.iccid'), dataIndex: 'iccid', render: (v: string) => v || '-' },
    { key: 'simImei', title: t('common.simImei'), dataIndex: 'simImei', render: (v: string) => v || '-' },
    { key: 'installedAt', title: t('common.installedAt'), dataIndex: 'installedAt', sorter: true },
    { key: 'ownerName', title: t('common.owner'), dataIndex: 'ownerName', defaultHidden: true },
  ];
}
