import { useTranslation } from 'react-i18next';
import { riskEndpoints } from '@console/contract/http/risk';
import { ListPage } from '../../../components/list-page.tsx';
import { useRiskLiveRefresh } from '../api/risk.ts';
import { useRiskRecordFields } from '../fields.tsx';

/** /riskManagement/history: every lock and unlock with who, when, how, its result and the confirmed state. */
export function RecordsPage() {
  const { t } = useTranslation('risk');
  const fields = useRiskRecordFields();
  useRiskLiveRefresh();

  return (
    <ListPage
      area="risk"
      resource="records"
      endpoint={riskEndpoints.records}
      rowKey="commandId"
      title={t('records.title')}
      exportName={t('records.exportName')}
      filters={fields.filters(['keyword', 'kind', 'level', 'execution', 'automatic', 'from', 'to'])}
      columns={fields.columns([
        'createdAt',
        'serialNumber',
        'hostName',
        'kind',
        'level',
        'mode',
        'execution',
        'stage',
        // After the stage, which a user scans for and must stay in sight at 1440 px.
        'operatorName',
        'reason',
        'resultText',
        'confirmedLevel',
        'currentLevel',
        'finishedAt',
        'task',
      ])}
    />
  );
}
