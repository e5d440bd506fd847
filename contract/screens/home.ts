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
  // The big screens of the spec, not built yet: declared for the links to them and the bell's rule.
  bigScreen: {
    path: '/bigScreen',
    title: 'shell:shortcuts.bigScreen',
    query: { from: 'string' },
    dashboard: true,
    tag: 'bigScreen',
  },
  jdBigScreen: {
    path: '/jdBigScreen',
    title: 'shell:shortcuts.bigScreen',
    query: { from: 'string' },
    dashboard: true,
    tag: 'bigScreen',
  },
  leaseBigScreen: { path: '/leaseBigScreen', title: 'shell:shortcuts.bigScreen', dashboard: true, tag: 'bigScreen' },
  surveyBigScreen: { path: '/surveyBigScreen', title: 'shell:shortcuts.bigScreen', dashboard: true, tag: 'bigScreen' },
  screenDetail: { path: '/screenDetail', title: 'shell:shortcuts.bigScreen', dashboard: true },
  screenDeviceList: { path: '/screenDeviceList', title: 'shell:shortcuts.bigScreen', dashboard: true },
});
