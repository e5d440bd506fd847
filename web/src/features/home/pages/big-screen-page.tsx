import { useTranslation } from 'react-i18next';
import { homeScreens } from '@console/contract/screens/home';
import { useScreenQuery } from '../../../lib/screen-query.ts';
import { BackLink } from '../components/back-link.tsx';
import { FleetBoard } from '../components/fleet-board.tsx';

/** /bigScreen: the fleet big screen of the signed-in user's scope, the console's layout. */
export function BigScreenPage() {
  const { t } = useTranslation('home');
  const { from } = useScreenQuery(homeScreens.bigScreen).query;
  return <FleetBoard title={t('board.title')} headerExtra={<BackLink from={from} />} />;
}

/** /jdBigScreen: the same screen for the JD brands (contract/http/brand JD_APPIDS), figures first, map wide. */
export function JdBigScreenPage() {
  const { t } = useTranslation('home');
  const { from } = useScreenQuery(homeScreens.jdBigScreen).query;
  return <FleetBoard title={t('board.jdTitle')} layout="jd" headerExtra={<BackLink from={from} />} />;
}
