import { Card, Empty, Table } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { RecentAlarm } from '@console/contract/http/dashboard';
import { QueryState } from '../../../components/query-state.tsx';
import { alarmsQuery } from '../api/dashboard.ts';
import { useRecentAlarmFields } from '../fields.tsx';

/** The newest open alarms of the user's scope, each leading to its machine. */
export function RecentAlarms() {
  const { t } = useTranslation(['dashboard', 'common']);
  const alarms = useQuery(alarmsQuery());
  const fields = useRecentAlarmFields();
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
            columns={fields.columns(['alarmTime', 'machine', 'alarmType', 'alarmInfo', 'level'])}
          />
        )}
      </QueryState>
    </Card>
  );
}
