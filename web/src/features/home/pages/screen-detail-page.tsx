import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { homeScreens } from '@console/contract/screens/home';
import { href } from '@console/contract/screens/screen';
import { useScreenQuery } from '../../../lib/screen-query.ts';
import { FleetBoard } from '../components/fleet-board.tsx';

/** /screenDetail?orgId=: the data screen of one site or organisation, with the way to its machines and back. */
export function ScreenDetailPage() {
  const { t } = useTranslation('home');
  const orgId = useScreenQuery(homeScreens.screenDetail).query.orgId ?? 0;
  return (
    <FleetBoard
      title={t('screen.detailTitle')}
      orgId={orgId}
      headerExtra={
        <>
          <Link to={href(homeScreens.screenDeviceList, { orgId })}>
            <Button ghost size="large">
              {t('screen.machines')}
            </Button>
          </Link>
          <Link to={href(homeScreens.screen)}>
            <Button ghost size="large">
              {t('screen.back')}
            </Button>
          </Link>
        </>
      }
    />
  );
}
