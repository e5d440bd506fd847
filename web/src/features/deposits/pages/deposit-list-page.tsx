import { Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { depositEndpoints } from '@console/contract/http/deposits';
import { ListPage } from '../../../components/list-page.tsx';
import { DepositsHeld } from '../components/deposits-held.tsx';
import { DEPOSIT_COLUMNS, useDepositFields } from '../fields.tsx';

/** /leaseCenter/deposits: every contract's deposit by state, renter and contract, with what is held per currency. */
export function DepositListPage() {
  const { t } = useTranslation(['deposits', 'common']);
  const fields = useDepositFields();
  return (
    <>
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        <DepositsHeld />
      </Row>
      <ListPage
        area="deposits"
        resource="deposits"
        endpoint={depositEndpoints.list}
        rowKey="id"
        title={t('title')}
        exportName={t('exportName')}
        filters={fields.filters(['keyword', 'state', 'renterId'])}
        columns={fields.columns(DEPOSIT_COLUMNS)}
      />
    </>
  );
}
