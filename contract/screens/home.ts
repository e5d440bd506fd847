import { defineScreens } from './screen.ts';

/** The data screen and the big screens (spec "Data dashboards and big screens"). */
export const homeScreens = defineScreens({
  /** Public by the spec's list, but only with the dashboard-login marker. */
  screen: {
    path: '/screen',
    title: 'home:screen.title',
    public: true,
    needsScreenFlag: true,
    dashboard: true,
    fullScreen: true,
    tag: 'screen',
  },
  // The big screens (docs/decisions/046-big-screens.md): full screen, outside the shell, live.
  bigScreen: {
    path: '/bigScreen',
    title: 'home:board.title',
    query: { from: 'string' },
    dashboard: true,
    fullScreen: true,
    tag: 'bigScreen',
  },
  jdBigScreen: {
    path: '/jdBigScreen',
    title: 'home:board.jdTitle',
    query: { from: 'string' },
    dashboard: true,
    fullScreen: true,
    tag: 'bigScreen',
  },
  /** The rental business of the viewer's rental companies (contracts, machines on lease, income, arrears). */
  leaseBigScreen: {
    path: '/leaseBigScreen',
    title: 'home:lease.title',
    /** `currency`: the money figures' currency, when the viewer's companies bill in several (decision 064). */
    query: { from: 'string', currency: 'string' },
    dashboard: true,
    fullScreen: true,
    tag: 'bigScreen',
  },
  /** The fleet survey: kinds, ages, service expiries, maintenance due. */
  surveyBigScreen: {
    path: '/surveyBigScreen',
    title: 'home:survey.title',
    query: { from: 'string' },
    dashboard: true,
    fullScreen: true,
    tag: 'bigScreen',
  },
  /** One site or organisation of the data screen. */
  screenDetail: {
    path: '/screenDetail',
    title: 'home:screen.detailTitle',
    query: { orgId: 'id' },
    dashboard: true,
    fullScreen: true,
  },
  /** The machines of one site or organisation of the data screen. */
  screenDeviceList: {
    path: '/screenDeviceList',
    title: 'home:screen.machines',
    query: { orgId: 'id' },
    dashboard: true,
    fullScreen: true,
  },
});
