import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { subleaseEndpoints } from '@console/contract/http/lease-sublease';
import { leaseSubleaseScreens } from '@console/contract/screens/lease-sublease';
import { linkTo } from '@console/contract/screens/screen';
import { ListPage } from '../../../components/list-page.tsx';
import { useSubleaseRights } from '../api.ts';
import { SUBLEASE_COLUMNS, useSubleaseFields } from '../fields.tsx';

/**
 * /leaseCenter/subleaseRecord: the machines rented in, with their terms, cost and state; a sub-lessor's people see
 * their own sub-leases here and nothing else (the server's scope).
 */
export function SubleasesPage() {
  const { t } = useTranslation(['lease-sublease', 'common']);
  const fields = useSubleaseFields();
  const rights = useSubleaseRights();
  return (
    <ListPage
      area="lease-sublease"
      resource="subleases"
      endpoint={subleaseEndpoints.subleaseList}
      rowKey="id"
      title={t('subleases.title')}
      exportName={t('subleases.exportName')}
      filters={fields.filters(['keyword', 'state'])}
      columns={fields.columns(SUBLEASE_COLUMNS)}
      toolbar={
        rights.manages && (
          <Link to={linkTo(leaseSubleaseScreens.addSubDevice)}>
            <Button type="primary">{t('rentIn.title')}</Button>
          </Link>
        )
      }
    />
  );
}
