import { MACHINE_KINDS } from '../codes/machine-kinds.ts';
import { GRANULARITIES } from '../http/analysis.ts';
import { ANALYSIS_READERS } from '../access/analysis.ts';
import { defineScreens, type AreaMenu } from './screen.ts';

/** The filters the analysis pages keep in their address, so a view is a link. */
const period = { from: 'string', to: 'string', kind: MACHINE_KINDS, orgId: 'number' } as const;

/** The data centre's work analysis (spec /workingAnalysis; docs/decisions/037-daily-work.md). */
export const analysisScreens = defineScreens({
  base: { path: '/workingAnalysis/base', title: 'analysis:base.title', query: period },
  attendance: {
    path: '/workingAnalysis/attendance',
    title: 'analysis:attendance.title',
    query: { month: 'string', kind: MACHINE_KINDS, orgId: 'number', idleDays: 'number' },
  },
  construction: {
    path: '/workingAnalysis/construction',
    title: 'analysis:construction.title',
    query: { ...period, granularity: GRANULARITIES },
  },
});

export const analysisMenu: AreaMenu<typeof analysisScreens> = [
  { screen: 'base', group: 'analysis', order: 10, title: 'workSummary', icon: 'dashboard', roles: ANALYSIS_READERS },
  {
    screen: 'attendance',
    group: 'analysis',
    order: 20,
    title: 'attendance',
    icon: 'schedule',
    roles: ANALYSIS_READERS,
  },
  {
    screen: 'construction',
    group: 'analysis',
    order: 30,
    title: 'construction',
    icon: 'line-chart',
    roles: ANALYSIS_READERS,
  },
];
