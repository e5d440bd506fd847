import { API_KEY_ADMINS } from '../access/api-keys.ts';
import { defineScreens, type AreaMenu } from './screen.ts';

/** API keys of the organisation, for the ISO 15143-3 API (docs/decisions/068-iso-15143-3-api.md). */
export const apiKeyScreens = defineScreens({
  apiKeys: { path: '/setUp/apiKeys', title: 'api-keys:title', keepAlive: true },
});

export const apiKeyMenu: AreaMenu<typeof apiKeyScreens> = [
  { screen: 'apiKeys', group: 'settings', order: 30, title: 'apiKeys', icon: 'lock', roles: API_KEY_ADMINS },
];
