import { Button } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { FleetScreen } from '@console/contract/http/screens';
import { authScreens } from '@console/contract/screens/auth';
import { homeScreens } from '@console/contract/screens/home';
import { href } from '@console/contract/screens/screen';
import { userInfoQuery } from '../../../lib/shared-queries.ts';
import { signOut } from '../../../lib/sign-out.ts';
import { FleetBoard } from '../components/fleet-board.tsx';

/** The sites of the screen, each leading to its own screen (/screenDetail). */
function SiteLinks({ data }: { data: FleetScreen }) {
  const { t } = useTranslation('home');
  if (data.sites.length === 0) return null;
  return (
    <nav aria-label={t('screen.sites')} className="screen-sites">
      {data.sites.map((site) => (
        <Link key={site.orgId} to={href(homeScreens.screenDetail, { orgId: site.orgId })}>
          <b title={site.name}>{site.name}</b>
          <span>{t('screen.siteMachines', { working: site.working, machines: site.machines })}</span>
        </Link>
      ))}
    </nav>
  );
}

/**
 * /screen: the data screen of the data-screen viewer (role 4, signed in at /loginForDashboard): the fleet board of
 * its organisation's scope, with its sites, live.
 */
export function ScreenPage() {
  const { t } = useTranslation('home');
  const info = useQuery(userInfoQuery());
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const leave = async () => {
    await signOut(queryClient);
    void navigate(href(authScreens.dashboardLogin), { replace: true });
  };

  return (
    <FleetBoard
      title={t('screen.title')}
      headerExtra={
        <>
          <span aria-label={t('screen.organisation')}>{info.data?.orgName ?? ''}</span>
          <Button ghost size="large" onClick={() => void leave()}>
            {t('screen.signOut')}
          </Button>
        </>
      }
      below={(data) => <SiteLinks data={data} />}
    />
  );
}
