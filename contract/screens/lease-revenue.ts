import { REVENUE_READERS } from '../access/lease-revenue.ts';
import { defineScreens, type AreaMenu } from './screen.ts';

/**
 * Rental income and revenue analysis (docs/decisions/040-revenue-analysis.md): the dashboard (spec
 * /leaseCenter/dashboard, the top bar's revenue shortcut for a leasing lessor administrator) and the income lines
 * it drills down to, with the dashboard's filter in the query.
 */
export const leaseRevenueScreens = defineScreens({
  dashboard: {
    path: '/leaseCenter/dashboard',
    title: 'lease-revenue:dashboard.title',
    query: { from: 'string', to: 'string', storeId: 'number', currency: 'string' },
    keepAlive: true,
  },
  incomeDetail: {
    path: '/leaseCenter/incomeDetail',
    title: 'lease-revenue:income.title',
    query: {
      from: 'string',
      to: 'string',
      storeId: 'number',
      renterId: 'number',
      salespersonId: 'number',
      kind: 'string',
      currency: 'string',
    },
    parent: 'dashboard',
  },
});

export const leaseRevenueMenu: AreaMenu<typeof leaseRevenueScreens> = [
  { screen: 'dashboard', group: 'lease', order: 80, title: 'revenue', icon: 'bar-chart', roles: REVENUE_READERS },
  {
    screen: 'incomeDetail',
    group: 'lease',
    order: 90,
    title: 'incomeDetail',
    icon: 'account-book',
    roles: REVENUE_READERS,
  },
];
