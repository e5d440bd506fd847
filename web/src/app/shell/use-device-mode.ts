import { useSyncExternalStore } from 'react';

/** Below this width the console is in mobile mode: the sidebar becomes a drawer. */
const MOBILE_QUERY = '(max-width: 991px)';

export type DeviceMode = 'desktop' | 'mobile';

/** The layout's device mode (spec: desktop and mobile; desktop by default), following the window width. */
export function useDeviceMode(): DeviceMode {
  return useSyncExternalStore(
    (listener) => {
      const media = window.matchMedia(MOBILE_QUERY);
      media.addEventListener('change', listener);
      return () => media.removeEventListener('change', listener);
    },
    () => (window.matchMedia(MOBILE_QUERY).matches ? 'mobile' : 'desktop'),
    () => 'desktop',
  );
}
