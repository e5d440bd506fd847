import { PARTY_READERS, SETTINGS_READERS } from '../access/lease-parties.ts';
import { defineScreens, type AreaMenu } from './screen.ts';

/**
 * The lease master data (spec /leaseCenter): renters, stores, automatic approval rules and e-signature templates;
 * the seals and the provider's authorisation are tabs of the template page (docs/decisions/034-lease-parties.md).
 */
export const leasePartyScreens = defineScreens({
  renters: { path: '/leaseCenter/renterMng', title: 'lease-parties:renters.title', keepAlive: true },
  renterDetail: { path: '/leaseCenter/renterDetail', title: 'lease-parties:renters.detailTitle', query: { id: 'id' } },
  stores: { path: '/leaseCenter/storeMng', title: 'lease-parties:stores.title' },
  autoApproval: { path: '/leaseCenter/autoApproval', title: 'lease-parties:rules.title' },
  esign: {
    path: '/leaseCenter/esigTemplateMng',
    title: 'lease-parties:esign.title',
    query: { tab: ['templates', 'seals', 'authorisation'] },
  },
});

export const leasePartyMenu: AreaMenu<typeof leasePartyScreens> = [
  { screen: 'renters', group: 'lease', order: 20, title: 'renters', icon: 'idcard', roles: PARTY_READERS },
  { screen: 'stores', group: 'lease', order: 30, title: 'stores', icon: 'shop', roles: PARTY_READERS },
  { screen: 'autoApproval', group: 'lease', order: 40, title: 'autoApproval', icon: 'audit', roles: SETTINGS_READERS },
  { screen: 'esign', group: 'lease', order: 50, title: 'esignTemplates', icon: 'file-text', roles: SETTINGS_READERS },
];
