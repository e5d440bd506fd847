import { useTranslation } from 'react-i18next';
import { fenceEndpoints, type FenceDetail } from '@console/contract/http/fences';
import { ListPage } from '../../../components/list-page.tsx';
import { useFenceAlarmFields } from '../fields.tsx';

/** The enter and exit alarms the fence raised, newest first, on the machines the user sees. */
export function FenceAlarms({ fence }: { fence: FenceDetail }) {
  const { t } = useTranslation('fences');
  const fields = useFenceAlarmFields();
  return (
    <ListPage
      area="fences"
      resource="alarms"
      endpoint={fenceEndpoints.alarms}
      fixedQuery={{ id: fence.id }}
      rowKey="id"
      exportName={t('alarms.exportName', { name: fence.name })}
      filters={fields.filters(['type'])}
      columns={fields.columns(['type', 'serialNumber', 'startedAt', 'endedAt', 'state'])}
    />
  );
}
