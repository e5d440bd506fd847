import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { FleetMapPanel } from '../../../components/fleet-map/fleet-map-panel.tsx';

const MAP_HEIGHT = 460;

/** The live map of every machine in the user's scope. */
export function MapCard() {
  const { t } = useTranslation('dashboard');
  return (
    <Card title={t('map.title')} style={{ height: '100%' }}>
      <FleetMapPanel height={MAP_HEIGHT} />
    </Card>
  );
}
