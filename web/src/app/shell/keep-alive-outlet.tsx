import { Activity, Suspense, useState, type ReactNode } from 'react';
import { Spin } from 'antd';
import { useLocation, useOutlet } from 'react-router';
import { useCurrentRoute } from '../root-route.tsx';

/**
 * The page area. Pages whose route is flagged keepAlive (spec: "kept alive") stay mounted but hidden after
 * the user leaves them, so their filters, scroll and form input are there on return; React's Activity
 * pauses their effects (no polling) while hidden.
 */
export function KeepAliveOutlet() {
  const outlet = useOutlet();
  const route = useCurrentRoute();
  const { pathname } = useLocation();
  const [kept, setKept] = useState<ReadonlyMap<string, ReactNode>>(new Map());
  const keepThis = !!route?.keepAlive;
  if (keepThis && !kept.has(pathname)) setKept(new Map(kept).set(pathname, outlet));

  return (
    <Suspense fallback={<Spin style={{ display: 'block', margin: '64px auto' }} />}>
      {[...kept].map(([path, element]) => (
        <Activity key={path} mode={keepThis && path === pathname ? 'visible' : 'hidden'}>
          {element}
        </Activity>
      ))}
      {!keepThis && outlet}
    </Suspense>
  );
}
