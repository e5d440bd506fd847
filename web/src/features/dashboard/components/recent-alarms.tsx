import { Card, Empty, Table, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { RecentAlarm } from '@console/contract/http/dashboard';
import { QueryState } from '../../../components/query-state.tsx';
import { alarmsQuery } from '../api/dashboard.ts';
import { href } from '@console/contract/screens/screen';
import { deviceDetailScreens } from '@console/contract/screens/device-detail';

const LEVEL_COLORS: Record<number, string> = { 1: 'blue', 2: 'orange', 3: 'red' };

/** The newest open alarms of the user's scope, each leading to its machine. */
export function RecentAlarms() {
  const { t } = useTranslation(['dashboard', 'common']);
  const alarms = useQuery(alarmsQuery());
  return (
    <Card
      title={t('dashboard:alarms.title')}
      extra={alarms.data ? t('dashboard:alarms.count', { count: alarms.data.count }) : null}
    >
      <QueryState query={alarms}>
        {(data) => (
          <Table<RecentAlarm>
            rowKey="id"
            size="middle"
            dataSource={data.list}
            pagination={false}
            scroll={{ x: 760 }}
            locale={{
              emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dashboard:alarms.empty')} />,
            }}
            columns={[
              { key: 'time', title: t('dashboard:alarms.columns.time'), dataIndex: 'alarmTime', width: 170 },
              {
                key: 'machine',
                title: t('dashboard:alarms.columns.machine'),
                render: (_, alarm) => (
                  <Link to={href(deviceDetailScreens.detail, { id: alarm.deviceId })}>
                    {alarm.serialNumber} · {alarm.deviceName}
                  </Link>
                ),
              },
              { key: 'type', title: t('dashboard:alarms.columns.type'), dataIndex: 'alarmType' },
              { key: 'info', title: t('dashboard:alarms.columns.info'), dataIndex: 'alarmInfo' },
              {
                key: 'level',
                title: t('dashboard:alarms.columns.level'),
                width: 100,
                render: (_, alarm) => (
                  <Tag color={LEVEL_COLORS[alarm.level] ?? 'default'}>
                    {t(`dashboard:alarms.level.${alarm.level}` as 'dashboard:alarms.level.1')}
                  </Tag>
                ),
              },
            ]}
          />
        )}
      </QueryState>
    </Card>
  );
}
