import { Button, Card, Descriptions, Result, Space, Table, Tabs } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { customerEndpoints } from '@console/contract/http/customers';
import { customerScreens } from '@console/contract/screens/customers';
import { href } from '@console/contract/screens/screen';
import { QueryState } from '../../../components/query-state.tsx';
import { RegistryDialog } from '../../../components/registry-page.tsx';
import { endpointQuery } from '../../../lib/endpoint-query.ts';
import { useScreenQuery } from '../../../lib/screen-query.ts';
import { useCustomerRights } from '../api.ts';
import { useDistributorForm } from '../components/distributor-form.tsx';
import { useCustomerFields, useDistributorFields, useMachineFields } from '../fields.tsx';

/** /customerManagement/distributorDialog?id=: a distributor, edited here, with its customers and machines. */
export function DistributorPage() {
  const { t } = useTranslation(['customers', 'common']);
  const fields = useDistributorFields();
  const customerFields = useCustomerFields();
  const machineFields = useMachineFields();
  const form = useDistributorForm();
  const rights = useCustomerRights();
  const id = useScreenQuery(customerScreens.distributor).query.id ?? 0;
  const query = useQuery({ ...endpointQuery(customerEndpoints.distributorDetail, { id }), enabled: id > 0 });
  const back = rights.operates ? <Link to={href(customerScreens.distributors)}>{t('distributors.back')}</Link> : null;
  if (id <= 0) return <Result status="404" title={t('distributors.notFound')} extra={back} />;
  return (
    <QueryState query={query} notFoundExtra={back}>
      {({ distributor, customers, machines }) => (
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          <Card
            title={distributor.name}
            extra={
              <Space>
                {distributor.editable && (
                  <RegistryDialog form={form} row={distributor} trigger={<Button>{t('common:edit')}</Button>} />
                )}
                {back}
              </Space>
            }
          >
            <Descriptions
              column={{ xs: 1, md: 2 }}
              bordered
              size="small"
              items={fields.descriptions(distributor, [
                'contactName',
                'contactPhone',
                'address',
                'customerCount',
                'deviceCount',
                'createdAt',
              ])}
            />
          </Card>
          <Card>
            <Tabs
              items={[
                {
                  key: 'customers',
                  label: t('distributors.customersTab', { count: customers.length }),
                  children: (
                    <Table
                      rowKey="id"
                      size="small"
                      dataSource={customers}
                      pagination={{ pageSize: 20, hideOnSinglePage: true }}
                      columns={customerFields.columns([
                        'name',
                        'contactName',
                        'contactPhone',
                        'lessorName',
                        'deviceCount',
                        'verifiedUserCount',
                      ])}
                    />
                  ),
                },
                {
                  key: 'machines',
                  label: t('distributors.machinesTab', { count: machines.length }),
                  children: (
                    <Table
                      rowKey="id"
                      size="small"
                      dataSource={machines}
                      pagination={{ pageSize: 20, hideOnSinglePage: true }}
                      columns={machineFields.columns([
                        'serialNumber',
                        'deviceName',
                        'modelName',
                        'leaseStatus',
                        'customerName',
                      ])}
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
