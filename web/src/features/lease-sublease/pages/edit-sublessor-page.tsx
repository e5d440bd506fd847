import { Card, Result } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { subleaseEndpoints } from '@console/contract/http/lease-sublease';
import { leaseSubleaseScreens } from '@console/contract/screens/lease-sublease';
import { href } from '@console/contract/screens/screen';
import { QueryState } from '../../../components/query-state.tsx';
import { SchemaForm } from '../../../components/schema-form.tsx';
import { endpointQuery, useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { useScreenQuery } from '../../../lib/screen-query.ts';
import { SUBLEASE_READS } from '../api.ts';
import { editableSublessor, SublessorFields } from '../components/sublessor-form.tsx';

/** /leaseCenter/editSublessor?id=: a sub-lessor's form as a page (without an id: a new one). */
export function EditSublessorPage() {
  const { t } = useTranslation(['lease-sublease', 'common']);
  const navigate = useNavigate();
  const id = useScreenQuery(leaseSubleaseScreens.editSublessor).query.id ?? 0;
  const query = useQuery({ ...endpointQuery(subleaseEndpoints.sublessorDetail, { id }), enabled: id > 0 });
  const create = useEndpointMutation(subleaseEndpoints.sublessorCreate, { invalidates: SUBLEASE_READS, silent: true });
  const update = useEndpointMutation(subleaseEndpoints.sublessorUpdate, { invalidates: SUBLEASE_READS, silent: true });
  const toDetail = (saved: { id: number }) =>
    void navigate(href(leaseSubleaseScreens.sublessorDetail, { id: saved.id }));
  const back = <Link to={href(leaseSubleaseScreens.sublessors)}>{t('sublessors.back')}</Link>;
  if (id <= 0) {
    return (
      <Card title={t('sublessors.addTitle')} extra={back}>
        <SchemaForm
          schema={subleaseEndpoints.sublessorCreate.body}
          initialValues={{ identityType: 2 }}
          onSubmit={(body) => create.mutateAsync({ body })}
          onSuccess={toDetail}
          successMessage={t('common:saved')}
        >
          <SublessorFields creating />
        </SchemaForm>
      </Card>
    );
  }
  return (
    <QueryState query={query} notFoundExtra={back}>
      {({ sublessor }) =>
        sublessor.editable ? (
          <Card title={t('sublessors.editTitle', { name: sublessor.name })} extra={back}>
            <SchemaForm
              schema={subleaseEndpoints.sublessorUpdate.body}
              initialValues={editableSublessor(sublessor)}
              onSubmit={(body) => update.mutateAsync({ body })}
              onSuccess={toDetail}
              successMessage={t('common:saved')}
            >
              <SublessorFields creating={false} />
            </SchemaForm>
          </Card>
        ) : (
          <Result status="403" title={t('sublessors.readOnly')} extra={back} />
        )
      }
    </QueryState>
  );
}
