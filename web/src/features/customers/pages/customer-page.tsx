import { App, Button, Card, Col, Descriptions, Result, Row, Space, Statistic, Table } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { customerEndpoints } from '@console/contract/http/customers';
import { customerScreens } from '@console/contract/screens/customers';
import { href } from '@console/contract/screens/screen';
import { ConfirmButton } from '../../../components/confirm-button.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { RegistryDialog } from '../../../components/registry-page.tsx';
import { endpointQuery, useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { useScreenQuery } from '../../../lib/screen-query.ts';
import { CUSTOMER_READS, useCustomerRights } from '../api.ts';
import { AssignDistributor } from '../components/assign-distributor.tsx';
import { useCustomerForm } from '../components/customer-form.tsx';
import { useCustomerFields, useMachineFields } from '../fields.tsx';

/** /customerManagement/list?id=: a customer, edited here; its counts, its distributor and the machines it rents. */
export function CustomerPage() {
  const { t } = useTranslation(['customers', 'common']);
  const { message } = App.useApp();
  const navigate = useNavigate();
  const fields = useCustomerFields();
  const machineFields = useMachineFields();
  const form = useCustomerForm();
  const rights = useCustomerRights();
  const remove = useEndpointMutation(customerEndpoints.customerDelete, { invalidates: CUSTOMER_READS });
  const id = useScreenQuery(customerScreens.customer).query.id ?? 0;
  const query = useQuery({ ...endpointQuery(customerEndpoints.customerDetail, { id }), enabled: id > 0 });
  const back = <Link to={href(customerScreens.customers)}>{t('customers.back')}</Link>;
  if (id <= 0) return <Result status="404" title={t('customers.notFound')} extra={back} />;
  return (
    <QueryState query={query} notFoundExtra={back}>
      {({ customer, machines }) => (
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          <Card
            title={customer.name}
            extra={
              <Space>
                {customer.editable && (
                  <RegistryDialog form={form} row={customer} trigger={<Button>{t('common:edit')}</Button>} />
                )}
                {customer.editable && (
                  <ConfirmButton
                    danger
                    title={t('customers.deleteConfirm', { name: customer.name })}
                    onConfirm={async () => {
                      await remove.mutateAsync({ body: { id: customer.id } });
                      void message.success(t('customers.deleted'));
                      void navigate(href(customerScreens.customers));
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
              items={fields.descriptions(customer, [
                'contactName',
                'contactPhone',
                'address',
                'lessorName',
                'distributorName',
                'createdAt',
              ])}
            />
          </Card>
          <Card>
            <Row gutter={16}>
              {(['deviceCount', 'attendanceCount', 'verifiedUserCount', 'esignCount'] as const).map((key) => (
                <Col xs={12} md={6} key={key}>
                  <Statistic title={t(`customers.${key}`)} value={customer[key]} />
                </Col>
              ))}
            </Row>
          </Card>
          <Card
            title={t('customers.machinesTitle', { count: machines.length })}
            extra={rights.operates && <AssignDistributor customer={customer} machines={machines} />}
          >
            <Table
              rowKey="id"
              size="small"
              dataSource={machines}
              pagination={{ pageSize: 20, hideOnSinglePage: true }}
              locale={{ emptyText: t('customers.noMachines') }}
              columns={machineFields.columns([
                'serialNumber',
                'deviceName',
                'modelName',
                'leaseStatus',
                'distributorName',
              ])}
            />
          </Card>
        </Space>
      )}
    </QueryState>
  );
}
