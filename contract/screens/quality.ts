import { MACHINE_KINDS } from '../codes/machine-kinds.ts';
import { INSPECTORS, QUALITY_READERS } from '../access/quality.ts';
import { defineScreens, type AreaMenu } from './screen.ts';

/** Quality management and end-of-line testing (docs/decisions/055-quality-management.md). */
export const qualityScreens = defineScreens({
  overview: {
    path: '/qualityManagement/overview',
    title: 'quality:overview.title',
    query: { from: 'string', to: 'string', kind: MACHINE_KINDS },
  },
  proceed: {
    path: '/qualityManagement/proceed',
    title: 'quality:proceed.title',
    query: { id: 'number' },
    keepAlive: true,
  },
  history: {
    path: '/qualityManagement/history',
    title: 'quality:history.title',
    query: { id: 'number' },
    keepAlive: true,
  },
});

export const qualityMenu: AreaMenu<typeof qualityScreens> = [
  { screen: 'overview', group: 'quality', order: 10, title: 'qualityOverview', icon: 'dashboard', roles: INSPECTORS },
  { screen: 'proceed', group: 'quality', order: 20, title: 'qualityProceed', icon: 'experiment', roles: INSPECTORS },
  {
    screen: 'history',
    group: 'quality',
    order: 30,
    title: 'qualityHistory',
    icon: 'file-text',
    roles: QUALITY_READERS,
  },
];
