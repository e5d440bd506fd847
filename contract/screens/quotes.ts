import { QUOTE_READERS } from '../access/quotes.ts';
import { defineScreens, type AreaMenu } from './screen.ts';

/** Quotes and the reservations they hold (docs/decisions/069-quotes-and-reservations.md). */
export const quoteScreens = defineScreens({
  /** `state` opens the list on one state. */
  quoteMng: {
    path: '/leaseCenter/quoteMng',
    title: 'quotes:list.title',
    query: { state: 'string' },
    keepAlive: true,
  },
  /** Without `id` a new quote; with it, a draft's terms. */
  addQuote: {
    path: '/leaseCenter/addQuote',
    title: 'quotes:form.editTitle',
    createTitle: 'quotes:form.createTitle',
    query: { id: 'number' },
    parent: 'quoteMng',
  },
  quoteDetail: {
    path: '/leaseCenter/quoteDetail',
    title: 'quotes:detail.title',
    query: { id: 'id' },
    parent: 'quoteMng',
  },
});

export const quoteMenu: AreaMenu<typeof quoteScreens> = [
  { screen: 'quoteMng', group: 'lease', order: 5, title: 'quotes', icon: 'solution', roles: QUOTE_READERS },
];
