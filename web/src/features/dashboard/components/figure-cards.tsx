import type { ReactNode } from 'react';
import { Card, Col, Flex, Row, Statistic, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DEVICE_CONDITION, DEVICE_STATUS } from '@console/contract/codes/device-status';
import {
  deviceListHref,
  FIGURE_STATUS,
  FLEET_CONDITIONS,
  FLEET_STATES,
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
  small = false,
}: {
  href: string;
  label: string;
  value: number;
  color: string;
  hint?: string;
  small?: boolean;
}) {
  const tile: ReactNode = (
    <Link to={href} style={{ display: 'block' }}>
      <Card size="small" hoverable style={{ borderTop: `3px solid ${color}` }}>
        <Statistic title={label} value={value} styles={{ content: small ? { color, fontSize: 18 } : { color } }} />
      </Card>
    </Link>
  );
  return hint ? <Tooltip title={hint}>{tile}</Tooltip> : tile;
}

/**
 * The fleet's figures: all machines and the states they are in (each machine in exactly one, so the states add up to
 * all), then apart the conditions a machine in any state may hold; each a link to its filtered device list.
 */
export function FigureCards({ figures }: { figures: FleetFigures }) {
  const { t } = useTranslation(['dashboard', 'codes']);
  const label = useCodeLabel();
  const tile = (figure: FleetFigure, value: number, small = false) => (
    <Col key={figure} xs={12} sm={8} md={small ? 6 : 8} xl={small ? 3 : 4}>
      <FigureTile
        href={deviceListHref({ figure })}
        label={
          figure === 'toBeRenewed'
            ? label(DEVICE_CONDITION, 'toBeRenewed')
            : label(DEVICE_STATUS, FIGURE_STATUS[figure])
        }
        value={value}
        color={figure === 'toBeRenewed' ? RENEWAL_COLOR : statusColor(FIGURE_STATUS[figure])}
        hint={figure === 'toBeRenewed' ? t('dashboard:figures.expiryHint', { days: RENEWAL_FIGURE_DAYS }) : undefined}
        small={small}
      />
    </Col>
  );
  return (
    <Flex vertical gap={12}>
      <div role="group" aria-label={t('dashboard:figures.states')}>
        <Row gutter={[12, 12]}>
          <Col xs={12} sm={8} md={8} xl={4}>
            <FigureTile
              href={deviceListHref('all')}
              label={t('dashboard:figures.total')}
              value={figures.total}
              color="#1d2b3a"
            />
          </Col>
          {FLEET_STATES.map((state) => tile(state, figures.byState[state]))}
        </Row>
        <Typography.Paragraph type="secondary" style={{ margin: '6px 0 0' }}>
          {t('dashboard:figures.stateRule')}
        </Typography.Paragraph>
      </div>
      <div role="group" aria-label={t('dashboard:figures.conditions')}>
        <Typography.Text strong>{t('dashboard:figures.conditions')}</Typography.Text>
        <Typography.Text type="secondary"> · {t('dashboard:figures.conditionRule')}</Typography.Text>
        <Row gutter={[12, 12]} style={{ marginTop: 8 }}>
          {FLEET_CONDITIONS.map((condition) => tile(condition, figures.conditions[condition], true))}
        </Row>
      </div>
    </Flex>
  );
}
