import { Navigate, useSearchParams } from 'react-router';
import { deviceDetailHref } from '@console/contract/http/dashboard';

/** /project/device?nid=<id>: where the legacy alarm bell's entries point (spec section 2); the machine's detail. */
export function LegacyDeviceRedirect() {
  const [params] = useSearchParams();
  return <Navigate replace to={deviceDetailHref(Number(params.get('nid')) || 0)} />;
}
