import { Navigate } from 'react-router';
import { href } from '@console/contract/screens/screen';
import { deviceDetailScreens } from '@console/contract/screens/device-detail';
import { useScreenQuery } from '../../../lib/screen-query.ts';

/** /project/device?nid=<id>: where the legacy alarm bell's entries point (spec section 2); the machine's detail. */
export function LegacyDeviceRedirect() {
  const { nid } = useScreenQuery(deviceDetailScreens.legacy).query;
  return <Navigate replace to={href(deviceDetailScreens.detail, { id: nid || 0 })} />;
}
