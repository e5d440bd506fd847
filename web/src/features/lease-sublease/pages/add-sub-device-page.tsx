import { Button, Card, Form, Input, Result, Select, Space, Table, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { deviceEndpoints } from '@console/contract/http/devices';
import { partyEndpoints } from '@console/contract/http/lease-parties';
import { subleaseEndpoints } from '@console/contract/http/lease-sublease';
import { deviceDetailScreens } from '@console/contract/screens/device-detail';
import { leaseSubleaseScreens } from '@console/contract/screens/lease-sublease';
import { href } from '@console/contract/screens/screen';
import { SchemaForm } from '../../../components/schema-form.tsx';
import { useOrgToday } from '../../../lib/days.ts';
import { endpointQuery, useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { useScreenQuery } from '../../../lib/screen-query.ts';
import { SUBLEASE_READS } from '../api.ts';
import { TermsFields } from './sublease-detail-page.tsx';

type Rented = { id: number; deviceId: number; serialNumber: string; mqttSecret?: string }[];

/**
 * /leaseCenter/addSubDevice?sublessorId=: rent machines in from a sub-lessor on one set of terms. Each joins the
 * fleet; their MQTT secrets are shown once, as the registry shows a new machine's, to those who fit devices (the
 * server leaves them out of anyone else's answer, who is told an installer issues them on the machine's page).
 */
export function AddSubDevicePage() {
  const { t } = useTranslation(['lease-sublease', 'common']);
  const { sublessorId } = useScreenQuery(leaseSubleaseScreens.addSubDevice).query;
  const [done, setDone] = useState<Rented | null>(null);
  const sublessors = useQuery(endpointQuery(subleaseEndpoints.sublessorList, { pageSize: 200 }));
  const stores = useQuery(endpointQuery(partyEndpoints.storeList, { pageSize: 200 }));
  const options = useQuery(endpointQuery(deviceEndpoints.options, {}));
  const create = useEndpointMutation(subleaseEndpoints.subleaseCreate, { invalidates: SUBLEASE_READS, silent: true });
  // The company's today (its calendar, as its documents count days), not the browser's.
  const today = useOrgToday();
  // The machines are rented in by the user's own company, the lessor of every sub-lessor it may pick: the terms are
  // in that company's currency (decision 064), which each of those sub-lessors answers.
  const own = (sublessors.data?.list ?? []).filter((s) => s.editable);
  if (done) {
    const secrets = done.some((r) => r.mqttSecret !== undefined);
    return (
      <Result
        status="success"
        title={t('rentIn.done', { count: done.length })}
        // Without the keys, say who gets them (decision 011): an installer issues each on the machine's page.
        subTitle={secrets ? t('rentIn.secretsHint') : t('rentIn.installersOnly')}
        extra={[
          <Link key="record" to={href(leaseSubleaseScreens.subleases)}>
            <Button type="primary">{t('rentIn.toRecord')}</Button>
          </Link>,
          <Button key="again" onClick={() => setDone(null)}>
            {t('rentIn.again')}
          </Button>,
        ]}
      >
        <Table
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={done}
          columns={[
            {
              key: 'serial',
              title: t('rentIn.serialNumber'),
              render: (_: unknown, r: Rented[number]) => (
                <Link to={href(deviceDetailScreens.detail, { id: r.deviceId })}>{r.serialNumber}</Link>
              ),
            },
            ...(secrets
              ? [
                  {
                    key: 'secret',
                    title: t('rentIn.secret'),
                    render: (_: unknown, r: Rented[number]) => (
                      <Typography.Text copyable>{r.mqttSecret}</Typography.Text>
                    ),
                  },
                ]
              : []),
          ]}
        />
      </Result>
    );
  }
  return (
    <Card
      title={t('rentIn.title')}
      extra={<Link to={href(leaseSubleaseScreens.subleases)}>{t('subleases.back')}</Link>}
    >
      <SchemaForm
        schema={subleaseEndpoints.subleaseCreate.body}
        initialValues={{
          sublessorId: sublessorId ?? undefined,
          startOn: today,
          endOn: today,
          businessModel: 23,
          // One empty row to type into; the form refuses it until it names a serial and a model.
          machines: [{ serialNumber: '', deviceName: '' } as unknown as { serialNumber: string; modelId: number }],
        }}
        onSubmit={(body) => create.mutateAsync({ body })}
        onSuccess={(answer) => setDone((answer as { list: Rented }).list)}
        submitText={t('rentIn.submit')}
      >
        <Form.Item name="sublessorId" label={t('rentIn.sublessor')}>
          <Select
            showSearch
            optionFilterProp="label"
            loading={sublessors.isLoading}
            options={own.map((s) => ({ value: s.id, label: s.name }))}
          />
        </Form.Item>
        <Form.Item name="storeId" label={t('rentIn.store')}>
          <Select allowClear options={(stores.data?.list ?? []).map((s) => ({ value: s.id, label: s.name }))} />
        </Form.Item>
        <TermsFields money={own[0]?.money} />
        <Form.Item label={t('rentIn.machines')} required>
          <Form.List name="machines">
            {(items, { add, remove }) => (
              <Space direction="vertical" style={{ width: '100%' }}>
                {items.map((item, index) => (
                  <Space key={item.key} align="start" wrap>
                    <Form.Item name={[item.name, 'serialNumber']} noStyle>
                      <Input
                        placeholder={t('rentIn.serialNumber')}
                        maxLength={40}
                        aria-label={`${t('rentIn.serialNumber')} ${index + 1}`}
                      />
                    </Form.Item>
                    <Form.Item name={[item.name, 'deviceName']} noStyle>
                      <Input placeholder={t('rentIn.deviceName')} maxLength={60} />
                    </Form.Item>
                    <Form.Item name={[item.name, 'modelId']} noStyle>
                      <Select
                        style={{ width: 220 }}
                        placeholder={t('rentIn.model')}
                        showSearch
                        optionFilterProp="label"
                        options={(options.data?.models ?? []).map((m) => ({ value: m.id, label: m.name }))}
                      />
                    </Form.Item>
                    {items.length > 1 && <Button onClick={() => remove(item.name)}>{t('rentIn.removeMachine')}</Button>}
                  </Space>
                ))}
                <Button onClick={() => add({ serialNumber: '', deviceName: '' })}>{t('rentIn.addMachine')}</Button>
              </Space>
            )}
          </Form.List>
        </Form.Item>
        <Form.Item name="remark" label={t('subleases.remark')}>
          <Input.TextArea maxLength={500} rows={2} />
        </Form.Item>
      </SchemaForm>
    </Card>
  );
}
