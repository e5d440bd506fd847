import { Activity, Suspense, useState } from 'react';
import { Spin } from 'antd';
import { useLocation, useOutlet } from 'react-router';
import { keepPages, PageLocationContext, type KeptPage } from '../../lib/screen-query.ts';
import { useSessionValue } from '../../lib/session.ts';
import { ForbiddenPage } from '../forbidden-page.tsx';
import { useCurrentScreen } from '../root-route.tsx';
import { mayOpenPath } from '../screen-roles.ts';

/**
 * The page area. A screen the signed-in role may not open shows the 403 page, however its address was reached
 * (a link, a bookmark, typed). Pages whose screen is declared keepAlive (spec: "kept alive") stay mounted but
 * hidden after the user leaves them, so their filters, scroll and form input are there on return; React's
 * Activity pauses their effects (no polling) while hidden. Each kept page reads its own location
 * (PageLocationContext): while hidden it still re-renders, and must not see the other route's URL.
 */
export function KeepAliveOutlet() {
  const outlet = useOutlet();
  const screen = useCurrentScreen();
  const { pathname, search } = useLocation();
  const roleId = useSessionValue((session) => session.roleId);
  const orgKind = useSessionValue((session) => session.orgKind);
  const [kept, setKept] = useState<ReadonlyMap<string, KeptPage>>(new Map());
  const refused = !!screen && !mayOpenPath(screen.path, roleId, orgKind);
  const keepThis = !!screen?.keepAlive && !refused;
  const next = keepPages(kept, { pathname, search }, keepThis, outlet);
  if (next !== kept) setKept(next);

  return (
    <Suspense fallback={<Spin style={{ display: 'block', margin: '64px auto' }} />}>
      {[...next].map(([path, page]) => (
        <Activity key={path} mode={keepThis && path === pathname ? 'visible' : 'hidden'}>
          <PageLocationContext value={page.location}>{page.element}</PageLocationContext>
        </Activity>
      ))}
      {refused ? <ForbiddenPage /> : !keepThis && outlet}
    </Suspense>
  );
}
