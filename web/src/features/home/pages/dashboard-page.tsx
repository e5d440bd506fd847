import { Card, Col, Descriptions, Row, Table, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AlarmEntry } from '@console/contract/http/warning';
import { MenuIcon } from '../../../lib/menu-icon.tsx';
import { menuLeaves } from '../../../lib/menu-tree.ts';
import { useSession } from '../../../lib/session.ts';
import { bellQuery, userInfoQuery } from '../../../lib/shared-queries.ts';

/** /dashboard: who is signed in, where the user's menu leads, and the open alarms in the user's scope. */
export function DashboardPage() {
  const { t } = useTranslation(['home', 'common']);
  const session = useSession();
  const info = useQuery(userInfoQuery());
  const bell = useQuery(bellQuery());
  const links = menuLeaves(session.menus).filter((node) => node.url !== '/dashboard');
  const name = info.data?.name || session.nickname || session.username;

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={12}>
        <Card style={{ height: '100%' }}>
          <Typography.Title level={3} style={{ marginTop: 0 }}>
            {t('home:dashboard.greeting', { name })}
          </Typography.Title>
          <Descriptions
            column={1}
            items={[
              { key: 'org', label: t('home:dashboard.organisation'), children: info.data?.orgName ?? '' },
              {
                key: 'role',
                label: t('home:dashboard.role'),
                children: t(`home:roles.${session.roleId}` as 'home:roles.1'),
              },
            ]}
          />
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card title={t('home:dashboard.quickLinks')} style={{ height: '100%' }}>
          <Row gutter={[8, 8]}>
            {links.map((node) => (
              <Col key={node.url} xs={12} md={8}>
                <Link
                  to={node.url}
                  style={{
                    display: 'flex',
                    gap: 8,
                    alignItems: 'center',
                    padding: '8px 12px',
                    border: '1px solid rgba(5,5,5,.06)',
                    borderRadius: 6,
                  }}
                >
                  <MenuIcon name={node.icon} />
                  {node.name}
                </Link>
              </Col>
            ))}
          </Row>
        </Card>
      </Col>
      <Col span={24}>
        <Card
          title={t('home:dashboard.alarms')}
          extra={bell.data ? t('home:dashboard.alarmCount', { count: bell.data.count }) : null}
        >
          <Table<AlarmEntry>
            rowKey="wid"
            size="middle"
            loading={bell.isLoading}
            dataSource={bell.data?.list ?? []}
            pagination={{ pageSize: 10, hideOnSinglePage: true }}
            locale={{ emptyText: t('common:noData') }}
            scroll={{ x: 800 }}
            columns={[
              { title: t('home:dashboard.columns.project'), dataIndex: 'pname' },
              { title: t('home:dashboard.columns.zone'), dataIndex: 'zoneName' },
              { title: t('home:dashboard.columns.type'), dataIndex: 'alarmType' },
              { title: t('home:dashboard.columns.info'), dataIndex: 'alarmInfo' },
              { title: t('home:dashboard.columns.time'), dataIndex: 'alarmTime', width: 180 },
              {
                title: t('home:dashboard.columns.device'),
                key: 'device',
                width: 120,
                render: (_, alarm) => (
                  <Link to={`/project/device?nid=${alarm.nid}`}>{t('home:dashboard.openDevice')}</Link>
                ),
              },
            ]}
          />
        </Card>
      </Col>
    </Row>
  );
}
