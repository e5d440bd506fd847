import { defineScreens } from './screen.ts';

/** The console's own screens. */
export const shellScreens = defineScreens({
  /** Where unknown paths land. */
  notFound: { path: '/404', title: 'shell:notFound.title', fullScreen: true },
});
