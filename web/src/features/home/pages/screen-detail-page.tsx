import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { homeScreens } from '@console/contract/screens/home';
import { href } from '@console/contract/screens/screen';
import { FleetBoard } from '../components/fleet-board.tsx';
import { useSiteParam } from '../components/screen-problem.tsx';

/** /screenDetail?orgId=: the data screen of one site or organisation, with the way to its machines and back. */
export function ScreenDetailPage() {
  const { t } = useTranslation('home');
  const site = useSiteParam();
  const back = (
    <Link to={href(homeScreens.screen)}>
      <Button ghost size="large">
        {t('screen.back')}
      </Button>
    </Link>
  );
  return (
    <FleetBoard
      title={t('screen.detailTitle')}
      orgId={site.sent}
      refusedExtra={back}
      headerExtra={
        <>
          {site.id !== undefined && (
            <Link to={href(homeScreens.screenDeviceList, { orgId: site.id })}>
              <Button ghost size="large">
                {t('screen.machines')}
              </Button>
            </Link>
          )}
          {back}
        </>
      }
    />
  );
}
