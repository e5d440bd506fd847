import type { ReactNode } from 'react';
import { Card, Col, Row, Statistic, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DEVICE_CONDITION, DEVICE_STATUS } from '@console/contract/codes/device-status';
import {
  deviceListHref,
  FIGURE_STATUS,
  FLEET_FIGURES,
  RENEWAL_FIGURE_DAYS,
  type FleetFigure,
  type FleetFigures,
} from '@console/contract/http/dashboard';
import { useCodeLabel } from '../../../components/code-label.ts';
import { statusColor } from '../../../components/fleet-map/status-colors.ts';

const RENEWAL_COLOR = '#d48806';

/** One number and what it counts, as a link to the device list filtered the same way. */
function FigureTile({
  href,
  label,
  value,
  color,
  hint,
}: {
  href: string;
  label: string;
  value: number;
  color: string;
  hint?: string;
}) {
  const tile: ReactNode = (
    <Link to={href} style={{ display: 'block' }}>
      <Card size="small" hoverable style={{ borderTop: `3px solid ${color}` }}>
        <Statistic title={label} value={value} styles={{ content: { color } }} />
      </Card>
    </Link>
  );
  return hint ? <Tooltip title={hint}>{tile}</Tooltip> : tile;
}

/** The fleet's figures: all machines and each status figure, each a link to its filtered device list. */
export function FigureCards({ figures }: { figures: FleetFigures }) {
  const { t } = useTranslation(['dashboard', 'codes']);
  const label = useCodeLabel();
  const text = (figure: FleetFigure) =>
    figure === 'toBeRenewed' ? label(DEVICE_CONDITION, 'toBeRenewed') : label(DEVICE_STATUS, FIGURE_STATUS[figure]);
  return (
    <Row gutter={[12, 12]}>
      <Col xs={12} sm={8} md={6} xl={3}>
        <FigureTile
          href={deviceListHref('all')}
          label={t('dashboard:figures.total')}
          value={figures.total}
          color="#1d2b3a"
        />
      </Col>
      {FLEET_FIGURES.map((figure) => (
        <Col key={figure} xs={12} sm={8} md={6} xl={3}>
          <FigureTile
            href={deviceListHref({ figure })}
            label={text(figure)}
            value={figures.byStatus[figure]}
            color={figure === 'toBeRenewed' ? RENEWAL_COLOR : statusColor(FIGURE_STATUS[figure])}
            hint={
              figure === 'toBeRenewed' ? t('dashboard:figures.expiryHint', { days: RENEWAL_FIGURE_DAYS }) : undefined
            }
          />
        </Col>
      ))}
    </Row>
  );
}
