import { QUOTE_READERS } from '../access/quotes.ts';
import { defineScreens, type AreaMenu } from './screen.ts';

/** The availability calendar (docs/decisions/072-availability-calendar.md). */
export const availabilityScreens = defineScreens({
  /** `from` the first day shown and `days` how many, the filters, the page, and the tab: machines' grid or models'. */
  availability: {
    path: '/leaseCenter/availability',
    title: 'availability:title',
    query: {
      from: 'string',
      days: 'number',
      storeId: 'number',
      kind: 'string',
      modelId: 'number',
      customerId: 'number',
      keyword: 'string',
      page: 'number',
      tab: ['machines', 'models'],
    },
    keepAlive: true,
  },
});

export const availabilityMenu: AreaMenu<typeof availabilityScreens> = [
  { screen: 'availability', group: 'lease', order: 6, title: 'availability', icon: 'schedule', roles: QUOTE_READERS },
];
