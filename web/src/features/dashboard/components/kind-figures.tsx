import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MACHINE_KIND } from '@console/contract/codes/machine-kinds';
import { deviceListHref, type FleetFigures } from '@console/contract/http/dashboard';
import { useCodeLabel } from '../../../components/code-label.ts';

/** Machines per kind, each count a link to the device list of that kind. */
export function KindFigures({ figures }: { figures: FleetFigures }) {
  const { t } = useTranslation('dashboard');
  const label = useCodeLabel();
  return (
    <Card title={t('kinds.title')} style={{ height: '100%' }} styles={{ body: { paddingBlock: 8 } }}>
      <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {figures.byKind.map(({ kind, total }) => (
          <li key={kind} style={{ borderBottom: '1px solid rgba(5, 5, 5, 0.06)' }}>
            <Link
              to={deviceListHref({ kind })}
              style={{ display: 'flex', alignItems: 'center', gap: 12, padding: '10px 0', color: 'inherit' }}
            >
              <img src={`/machine-kinds/${kind}.svg`} alt="" width={28} height={28} style={{ borderRadius: 6 }} />
              <span style={{ flex: 1 }}>{label(MACHINE_KIND, kind)}</span>
              <Typography.Text strong style={{ fontSize: 16 }}>
                {total}
              </Typography.Text>
            </Link>
          </li>
        ))}
      </ul>
    </Card>
  );
}
