import { Card, Col, Flex, Row } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { ROLE } from '@console/contract/codes/roles';
import { QueryState } from '../../../components/query-state.tsx';
import { useSession } from '../../../lib/session.ts';
import { figuresQuery, utilisationQuery } from '../api/dashboard.ts';
import { useLiveRefresh } from '../api/use-live-refresh.ts';
import { href } from '@console/contract/screens/screen';
import { workOrderScreens } from '@console/contract/screens/work-orders';
import { FigureCards } from '../components/figure-cards.tsx';
import { KindFigures } from '../components/kind-figures.tsx';
import { MapCard } from '../components/map-card.tsx';
import { RecentAlarms } from '../components/recent-alarms.tsx';
import { UtilisationCharts } from '../components/utilisation-charts.tsx';

/** Utilisation changes slowly; it is re-read every minute rather than on every report. */
const UTILISATION_REFRESH_MS = 60000;

/**
 * /dashboard, the device management home: the fleet's figures (each a link to the filtered device list), the
 * live map, the machines per kind, utilisation charts and the newest open alarms. A technician's home is their
 * work: they land on their work orders instead.
 */
export function DashboardPage() {
  const technician = useSession().roleId === ROLE.technician;
  return technician ? <Navigate to={href(workOrderScreens.list)} replace /> : <FleetDashboard />;
}

function FleetDashboard() {
  const { t } = useTranslation('dashboard');
  const figures = useQuery(figuresQuery());
  const utilisation = useQuery({ ...utilisationQuery(), refetchInterval: UTILISATION_REFRESH_MS });
  useLiveRefresh();

  return (
    <Flex vertical gap={16}>
      <section aria-label={t('figures.title')}>
        <QueryState query={figures}>{(data) => <FigureCards figures={data} />}</QueryState>
      </section>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          <MapCard />
        </Col>
        <Col xs={24} xl={8}>
          {figures.data ? (
            <KindFigures figures={figures.data} />
          ) : (
            <Card title={t('kinds.title')} style={{ height: '100%' }}>
              <QueryState query={figures}>{() => null}</QueryState>
            </Card>
          )}
        </Col>
      </Row>
      <UtilisationCharts query={utilisation} />
      <RecentAlarms />
    </Flex>
  );
}
