import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Input, Table, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { authEndpoints } from '@console/contract/http/auth';
import { authScreens } from '@console/contract/screens/auth';
import { endpointQuery } from '../../../lib/endpoint-query.ts';
import { useScreenQuery } from '../../../lib/screen-query.ts';

/** QA watch the outbox while they register or sign in in another tab; it refreshes itself this often. */
const REFRESH_MS = 5000;

/** /test/list: the development SMS outbox (the codes the server would have sent), filtered by number. */
export function SmsOutboxPage() {
  const { t } = useTranslation(['auth', 'common']);
  const { query, update } = useScreenQuery(authScreens.smsOutbox);
  const mobile = query.mobile ?? '';
  const outbox = useQuery({
    ...endpointQuery(authEndpoints.devSms, { mobile: mobile || undefined }, { silent: true, background: true }),
    refetchInterval: REFRESH_MS,
    retry: false,
  });

  return (
    <main style={{ maxWidth: 1000, margin: '0 auto', padding: 24 }}>
      <Card>
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          {t('auth:sms.title')}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t('auth:sms.intro')}</Typography.Paragraph>
        <Flex gap={8} wrap align="center" style={{ marginBottom: 16 }}>
          <label htmlFor="sms-filter">{t('auth:sms.filter')}</label>
          <Input.Search
            id="sms-filter"
            allowClear
            defaultValue={mobile}
            inputMode="tel"
            enterButton={t('common:search')}
            style={{ width: 280 }}
            onSearch={(value) => update({ mobile: value })}
          />
          <Button icon={<ReloadOutlined />} onClick={() => void outbox.refetch()}>
            {t('auth:sms.refresh')}
          </Button>
        </Flex>
        {outbox.isError ? (
          <Alert type="error" showIcon title={t('auth:sms.unavailable')} />
        ) : (
          <Table
            rowKey="id"
            loading={outbox.isLoading}
            dataSource={outbox.data ?? []}
            pagination={false}
            locale={{ emptyText: t('common:noData') }}
            columns={[
              { title: t('auth:sms.sentAt'), dataIndex: 'sentAt', width: 180 },
              {
                title: t('auth:sms.mobile'),
                key: 'mobile',
                width: 160,
                render: (_, r) => `+${r.areaCode} ${r.mobile}`,
              },
              { title: t('auth:sms.code'), dataIndex: 'code', width: 100 },
              { title: t('auth:sms.text'), dataIndex: 'text' },
            ]}
          />
        )}
      </Card>
    </main>
  );
}
