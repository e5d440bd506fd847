import { App, Button, Card, Descriptions, List, Result, Space } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { subleaseEndpoints } from '@console/contract/http/lease-sublease';
import { leaseSubleaseScreens } from '@console/contract/screens/lease-sublease';
import { href } from '@console/contract/screens/screen';
import { identityLabels, type IdentityType } from '@console/contract/lease/renter-identity';
import { useBrand } from '../../../lib/brand.ts';
import { ConfirmButton } from '../../../components/confirm-button.tsx';
import { ListPage } from '../../../components/list-page.tsx';
import { PhoneText } from '../../../components/phone-text.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { endpointQuery, useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { useScreenQuery } from '../../../lib/screen-query.ts';
import { SUBLEASE_READS } from '../api.ts';
import { useSublessorFields, useSubleaseFields } from '../fields.tsx';

/** /leaseCenter/sublessorDetail?id=: a sub-lessor, its sign-in accounts and the machines rented in from it. */
export function SublessorDetailPage() {
  const { t } = useTranslation(['lease-sublease', 'common', 'lease-parties']);
  const { message } = App.useApp();
  const navigate = useNavigate();
  const fields = useSublessorFields();
  const regime = useBrand().info.taxRegime;
  const subleaseFields = useSubleaseFields();
  const remove = useEndpointMutation(subleaseEndpoints.sublessorDelete, { invalidates: SUBLEASE_READS });
  const id = useScreenQuery(leaseSubleaseScreens.sublessorDetail).query.id ?? 0;
  const query = useQuery({ ...endpointQuery(subleaseEndpoints.sublessorDetail, { id }), enabled: id > 0 });
  const back = <Link to={href(leaseSubleaseScreens.sublessors)}>{t('sublessors.back')}</Link>;
  if (id <= 0) return <Result status="404" title={t('sublessors.notFound')} extra={back} />;
  return (
    <QueryState query={query} notFoundExtra={back}>
      {({ sublessor, accounts }) => (
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          <Card
            title={
              <Space>
                {sublessor.name}
                {fields.cell('identityType', sublessor)}
              </Space>
            }
            extra={
              <Space>
                {sublessor.editable && (
                  <>
                    <Link to={href(leaseSubleaseScreens.addSubDevice, { sublessorId: sublessor.id })}>
                      <Button type="primary">{t('rentIn.action')}</Button>
                    </Link>
                    <Link to={href(leaseSubleaseScreens.editSublessor, { id: sublessor.id })}>
                      <Button>{t('common:edit')}</Button>
                    </Link>
                    <ConfirmButton
                      danger
                      title={t('sublessors.deleteConfirm', { name: sublessor.name })}
                      onConfirm={async () => {
                        await remove.mutateAsync({ body: { id: sublessor.id } });
                        void message.success(t('sublessors.deleted'));
                        void navigate(href(leaseSubleaseScreens.sublessors));
                      }}
                    >
                      {t('common:delete')}
                    </ConfirmButton>
                  </>
                )}
                {back}
              </Space>
            }
          >
            <Descriptions
              column={{ xs: 1, md: 2, xl: 3 }}
              items={fields.descriptions(
                sublessor,
                [
                  'idNumber',
                  'contactName',
                  'contactPhone',
                  'address',
                  'bankName',
                  'bankAccountName',
                  'bankAccount',
                  'renting',
                  'costCents',
                  'remark',
                  'lessorName',
                ],
                {
                  idNumber: {
                    label: t(
                      `lease-parties:${identityLabels(regime, sublessor.identityType as IdentityType, sublessor).idNumber}`,
                    ),
                  },
                },
              )}
            />
          </Card>
          <Card title={t('sublessors.accounts')} extra={t('sublessors.accountsHint')}>
            <List
              size="small"
              dataSource={accounts}
              locale={{ emptyText: t('sublessors.noAccounts') }}
              renderItem={(a) => (
                <List.Item>
                  {a.name} <PhoneText areaCode={a.areaCode} number={a.mobile} />
                </List.Item>
              )}
            />
          </Card>
          <ListPage
            area="lease-sublease"
            resource="sublessorSubleases"
            endpoint={subleaseEndpoints.subleaseList}
            rowKey="id"
            title={t('sublessors.subleases')}
            exportName={t('subleases.exportName')}
            fixedQuery={{ sublessorId: sublessor.id }}
            filters={subleaseFields.filters(['keyword', 'state'])}
            columns={subleaseFields.columns([
              'number',
              'serialNumber',
              'deviceName',
              'state',
              'startOn',
              'endOn',
              'returnedOn',
              'costCents',
              'currency',
              'status',
              'leasedOut',
            ])}
          />
        </Space>
      )}
    </QueryState>
  );
}
