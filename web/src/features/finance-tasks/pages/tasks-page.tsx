import { Badge, Button, Card, Col, Empty, List, Row, Space, Statistic, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FINANCE_TASK_GROUPS, financeTaskEndpoints, type FinanceTaskRow } from '@console/contract/http/finance-tasks';
import { QueryState } from '../../../components/query-state.tsx';
import { endpointQuery } from '../../../lib/endpoint-query.ts';

/** Where a task is done: the page's path with its filters, a real link (it opens in a new tab too). */
const linkOf = (task: FinanceTaskRow) => {
  const query = new URLSearchParams(task.query).toString();
  return query ? `${task.path}?${query}` : task.path;
};

/**
 * /financeCenter/mission: the finance office's work of the day, each task counted live by the server for the
 * reader's scope (the count is its list's own total) and linked to the filtered list where it is done.
 */
export function TasksPage() {
  const { t } = useTranslation('finance-tasks');
  const query = useQuery(endpointQuery(financeTaskEndpoints.list, {}));
  return (
    <Card
      title={t('title')}
      extra={
        <Button icon={<ReloadOutlined />} onClick={() => void query.refetch()} loading={query.isFetching}>
          {t('refresh')}
        </Button>
      }
    >
      <QueryState query={query}>
        {({ list, today }) => (
          <>
            <Typography.Paragraph type="secondary">{t('today', { day: today })}</Typography.Paragraph>
            <Row gutter={[16, 16]}>
              {FINANCE_TASK_GROUPS.map((group) => {
                const tasks = list.filter((task) => task.group === group);
                if (tasks.length === 0) return null;
                return (
                  <Col xs={24} lg={8} key={group}>
                    <Card type="inner" title={t(`group.${group}`)}>
                      <List
                        dataSource={tasks}
                        locale={{ emptyText: <Empty description={t('empty')} /> }}
                        renderItem={(task) => (
                          <List.Item
                            actions={[
                              <Link key="open" to={linkOf(task)} aria-label={`${t(`task.${task.task}`)}: ${t('open')}`}>
                                {t('open')}
                              </Link>,
                            ]}
                          >
                            <Space align="center">
                              <Badge status={task.count === 0 ? 'default' : task.overdue ? 'error' : 'processing'} />
                              <Link to={linkOf(task)} data-task={task.task}>
                                <Statistic
                                  title={t(`task.${task.task}`)}
                                  value={task.count}
                                  styles={{ content: { fontSize: 22 } }}
                                />
                              </Link>
                            </Space>
                          </List.Item>
                        )}
                      />
                    </Card>
                  </Col>
                );
              })}
            </Row>
          </>
        )}
      </QueryState>
    </Card>
  );
}
