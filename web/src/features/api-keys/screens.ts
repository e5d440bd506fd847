import type { apiKeyScreens } from '@console/contract/screens/api-keys';
import type { ScreenPages } from '../../lib/screen-pages.ts';

export const pages: ScreenPages<typeof apiKeyScreens> = {
  apiKeys: () => import('./pages/api-keys-page.tsx').then((m) => ({ default: m.ApiKeysPage })),
};
