import { TERMS_READERS } from '../http/terms.ts';
import { defineScreens, type AreaMenu } from './screen.ts';

/**
 * Contract terms and conditions (docs/decisions/078-contract-terms.md): the lessor's versions per language under rental
 * management, beside the e-signature templates; each contract's page shows the version it carries.
 */
export const termsScreens = defineScreens({
  /** `lang` opens one language's tab, `id` one version. */
  terms: {
    path: '/leaseCenter/contractTerms',
    title: 'terms:title',
    query: { lang: ['zh-CN', 'en-US'], id: 'number' },
  },
});

export const termsMenu: AreaMenu<typeof termsScreens> = [
  { screen: 'terms', group: 'lease', order: 55, title: 'contractTerms', icon: 'profile', roles: TERMS_READERS },
];
