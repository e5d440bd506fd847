import { Card, Col, Row, Statistic, Tabs, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DEVICE_CONDITION, DEVICE_STATUS } from '@console/contract/codes/device-status';
import { MACHINE_KIND, MACHINE_KINDS, type MachineKind } from '@console/contract/codes/machine-kinds';
import {
  FIGURE_STATUS,
  figureFilter,
  FLEET_CONDITIONS,
  FLEET_STATES,
  type FleetFigure,
} from '@console/contract/http/dashboard';
import { deviceOverviewEndpoints } from '@console/contract/http/device-overview';
import { deviceScreens } from '@console/contract/screens/devices';
import { linkTo } from '@console/contract/screens/screen';
import { useCodeLabel } from '../../../components/code-label.ts';
import { statusColor } from '../../../components/fleet-map/status-colors.ts';
import { ListPage } from '../../../components/list-page.tsx';
import { useListParams } from '../../../components/use-list-params.ts';
import { endpointQuery } from '../../../lib/endpoint-query.ts';
import { useDeviceFilters } from '../components/device-filters.tsx';
import { useOverviewColumns } from '../components/overview-columns.tsx';

/** The filters of the device list that make sense within one kind. */
const OVERVIEW_FILTERS = ['serialNumber', 'name', 'status', 'signal', 'leaseStatus', 'customerId', 'expiry'];

/** The overview of a kind filtered as a figure counts: the device list's filter behind the figure (contract). */
const figureLink = (kind: MachineKind, figure: FleetFigure | 'total') =>
  linkTo(deviceScreens.overview, { kind, ...(figure === 'total' ? {} : figureFilter(figure)) });

/**
 * /deviceManagement/deviceOverview (host management, kept alive): per machine kind, its states (adding up to its
 * machines) and its conditions as the home has them, and its machines with the readings that matter for that kind,
 * each leading to its detail and its track playback.
 */
export function DeviceOverviewPage() {
  const { t } = useTranslation(['devices', 'dashboard', 'codes']);
  const label = useCodeLabel();
  const { params, update } = useListParams();
  const kind = (MACHINE_KINDS as readonly string[]).includes(params.kind ?? '')
    ? (params.kind as MachineKind)
    : 'aerialPlatform';
  const figures = useQuery(endpointQuery(deviceOverviewEndpoints.figures, { kind }, { background: true }));
  const counts = new Map(figures.data?.byKind.map((k) => [k.kind, k.total]));
  const filters = useDeviceFilters().filter((f) => OVERVIEW_FILTERS.includes(f.name));
  const columns = useOverviewColumns(kind);
  const shown = figures.data && { total: figures.data.total, ...figures.data.byState, ...figures.data.conditions };
  const tile = (figure: FleetFigure | 'total') => {
    const text =
      figure === 'total'
        ? t('overview.total')
        : figure === 'toBeRenewed'
          ? label(DEVICE_CONDITION, 'toBeRenewed')
          : label(DEVICE_STATUS, FIGURE_STATUS[figure]);
    const color =
      figure === 'total' ? '#1d2b3a' : figure === 'toBeRenewed' ? '#d48806' : statusColor(FIGURE_STATUS[figure]);
    const value = shown?.[figure];
    return (
      <Col key={figure} xs={12} sm={8} md={6} xl={3}>
        <Link to={figureLink(kind, figure)} style={{ display: 'block' }}>
          <Card size="small" hoverable style={{ borderTop: `3px solid ${color}` }}>
            <Statistic title={text} value={value ?? '-'} loading={figures.isPending} styles={{ content: { color } }} />
          </Card>
        </Link>
      </Col>
    );
  };

  return (
    <>
      <Card style={{ marginBottom: 16 }} styles={{ body: { paddingTop: 0 } }}>
        <Tabs
          aria-label={t('overview.kindTabs')}
          activeKey={kind}
          onChange={(next) =>
            update(Object.fromEntries([...Object.keys(params).map((k) => [k, undefined]), ['kind', next]]))
          }
          items={MACHINE_KINDS.map((k) => ({
            key: k,
            label: `${label(MACHINE_KIND, k)}${counts.has(k) ? ` (${counts.get(k)})` : ''}`,
          }))}
        />
        <Row gutter={[12, 12]} aria-label={t('overview.figures')} role="group">
          {tile('total')}
          {FLEET_STATES.map(tile)}
        </Row>
        <Typography.Paragraph type="secondary" style={{ margin: '4px 0 12px' }}>
          {t('dashboard:figures.stateRule')}
        </Typography.Paragraph>
        <Row gutter={[12, 12]} aria-label={t('overview.conditions')} role="group">
          {FLEET_CONDITIONS.map(tile)}
        </Row>
        <Typography.Text type="secondary">{t('dashboard:figures.conditionRule')}</Typography.Text>
      </Card>
      <ListPage
        key={kind}
        area="devices"
        resource="overview"
        endpoint={deviceOverviewEndpoints.list}
        rowKey="id"
        title={`${t('overview.title')} · ${label(MACHINE_KIND, kind)}`}
        exportName={`${t('overview.exportName')}-${kind}`}
        filters={filters}
        columns={columns}
        fixedQuery={{ kind }}
      />
    </>
  );
}
