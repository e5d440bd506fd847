import { App, Button, Card, Col, Descriptions, Result, Row, Space, Statistic, Table, Tabs } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { CONTRACT_STATUS } from '@console/contract/codes/contract-status';
import { partyEndpoints } from '@console/contract/http/lease-parties';
import { deviceDetailScreens } from '@console/contract/screens/device-detail';
import { leaseContractScreens } from '@console/contract/screens/lease';
import { leasePartyScreens } from '@console/contract/screens/lease-parties';
import { href } from '@console/contract/screens/screen';
import { formatAmount } from '@console/contract/codes/money';
import { identityLabels, type IdentityType } from '@console/contract/lease/renter-identity';
import { useBrand } from '../../../lib/brand.ts';
import { ConfirmButton } from '../../../components/confirm-button.tsx';
import { currencyVariablesOf } from '../../../lib/money.ts';
import { QueryState } from '../../../components/query-state.tsx';
import { RegistryDialog } from '../../../components/registry-page.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { endpointQuery, useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { useScreenQuery } from '../../../lib/screen-query.ts';
import { PARTY_READS, usePartyRights } from '../api.ts';
import { useRenterForm } from '../components/renter-form.tsx';
import { useRenterFields } from '../fields.tsx';

/** /leaseCenter/renterDetail?id=: a renter, its contracts, the machines on lease to it and its balance. */
export function RenterDetailPage() {
  const { t } = useTranslation(['lease-parties', 'common']);
  const { message } = App.useApp();
  const navigate = useNavigate();
  const fields = useRenterFields();
  const regime = useBrand().info.taxRegime;
  const form = useRenterForm();
  const rights = usePartyRights();
  const remove = useEndpointMutation(partyEndpoints.renterDelete, { invalidates: PARTY_READS });
  const id = useScreenQuery(leasePartyScreens.renterDetail).query.id ?? 0;
  const query = useQuery({ ...endpointQuery(partyEndpoints.renterDetail, { id }), enabled: id > 0 });
  const back = <Link to={href(leasePartyScreens.renters)}>{t('renters.back')}</Link>;
  if (id <= 0) return <Result status="404" title={t('renters.notFound')} extra={back} />;
  return (
    <QueryState query={query} notFoundExtra={back}>
      {({ renter, contracts, machines, balance }) => (
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          <Card
            title={
              <Space>
                {renter.name}
                {fields.cell('identityType', renter)}
                {fields.cell('realNameState', renter)}
              </Space>
            }
            extra={
              <Space>
                {renter.editable && (
                  <RegistryDialog form={form} row={renter} trigger={<Button>{t('common:edit')}</Button>} />
                )}
                {renter.deletable && rights.manages && (
                  <ConfirmButton
                    danger
                    title={t('renters.deleteConfirm', { name: renter.name })}
                    onConfirm={async () => {
                      await remove.mutateAsync({ body: { id: renter.id } });
                      void message.success(t('renters.deleted'));
                      void navigate(href(leasePartyScreens.renters));
                    }}
                  >
                    {t('common:delete')}
                  </ConfirmButton>
                )}
                {back}
              </Space>
            }
          >
            <Descriptions
              column={{ xs: 1, md: 2 }}
              bordered
              size="small"
              items={fields.descriptions(renter, ['idNumber', 'contactName', 'contactPhone', 'address', 'lessorName'], {
                idNumber: {
                  label: t(identityLabels(regime, renter.identityType as IdentityType, renter).idNumber),
                },
              })}
            />
          </Card>
          {/* A renter owes its lessor in the lessor's currency, whichever brand's console shows it (decision 064). */}
          <Card title={t('renters.balance')}>
            <Row gutter={16}>
              <Col xs={12} md={6}>
                <Statistic
                  title={t('renters.arrears', currencyVariablesOf(renter.money))}
                  value={formatAmount(balance.arrearsCents, renter.money)}
                />
              </Col>
              <Col xs={12} md={6}>
                <Statistic title={t('renters.running')} value={balance.running} />
              </Col>
              <Col xs={12} md={6}>
                <Statistic
                  title={t('renters.runningTotal', currencyVariablesOf(renter.money))}
                  value={formatAmount(balance.runningCents, renter.money)}
                />
              </Col>
              <Col xs={12} md={6}>
                <Statistic
                  title={t('renters.deposits', currencyVariablesOf(renter.money))}
                  value={formatAmount(balance.depositCents, renter.money)}
                />
              </Col>
            </Row>
          </Card>
          <Card>
            <Tabs
              items={[
                {
                  key: 'contracts',
                  label: t('renters.contractsTab', { count: contracts.length }),
                  children: (
                    <Table
                      rowKey="id"
                      size="small"
                      dataSource={contracts}
                      pagination={{ pageSize: 20, hideOnSinglePage: true }}
                      columns={[
                        {
                          key: 'number',
                          title: t('renters.contractNumber'),
                          render: (_, c) => (
                            <Link to={href(leaseContractScreens.contractDetail, { id: c.id })}>{c.number}</Link>
                          ),
                        },
                        {
                          key: 'status',
                          title: t('renters.contractStatus'),
                          render: (_, c) => <StatusBadge table={CONTRACT_STATUS} value={c.status} />,
                        },
                        { key: 'store', title: t('stores.name'), dataIndex: 'storeName' },
                        {
                          key: 'period',
                          title: t('renters.period'),
                          render: (_, c) => `${c.startOn} ~ ${c.endOn}`,
                        },
                        {
                          key: 'total',
                          title: t('renters.total', currencyVariablesOf(renter.money)),
                          render: (_, c) => formatAmount(c.totalCents, renter.money),
                        },
                      ]}
                    />
                  ),
                },
                {
                  key: 'machines',
                  label: t('renters.machinesTab', { count: machines.length }),
                  children: (
                    <Table
                      rowKey="id"
                      size="small"
                      dataSource={machines}
                      pagination={{ pageSize: 20, hideOnSinglePage: true }}
                      columns={[
                        {
                          key: 'serial',
                          title: t('machines.serialNumber'),
                          render: (_, m) => (
                            <Link to={href(deviceDetailScreens.detail, { id: m.id })}>{m.serialNumber}</Link>
                          ),
                        },
                        { key: 'name', title: t('machines.name'), dataIndex: 'deviceName' },
                        { key: 'model', title: t('machines.model'), dataIndex: 'modelName' },
                        { key: 'store', title: t('stores.name'), dataIndex: 'storeName' },
                      ]}
                    />
                  ),
                },
              ]}
            />
          </Card>
        </Space>
      )}
    </QueryState>
  );
}
