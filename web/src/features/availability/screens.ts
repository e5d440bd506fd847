import type { availabilityScreens } from '@console/contract/screens/availability';
import type { ScreenPages } from '../../lib/screen-pages.ts';

export const pages: ScreenPages<typeof availabilityScreens> = {
  availability: () => import('./pages/availability-page.tsx').then((m) => ({ default: m.AvailabilityPage })),
};
