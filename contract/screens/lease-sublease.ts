import { SUBLEASE_READERS, SUBLEASE_RECORD_READERS } from '../access/lease-sublease.ts';
import { defineScreens, type AreaMenu } from './screen.ts';

/** Sub-leasing (spec /leaseCenter; docs/decisions/042-sub-leasing.md): sub-lessors and the machines rented in. */
export const leaseSubleaseScreens = defineScreens({
  sublessors: { path: '/leaseCenter/subleaseMng', title: 'lease-sublease:sublessors.title', keepAlive: true },
  editSublessor: {
    path: '/leaseCenter/editSublessor',
    title: 'lease-sublease:sublessors.editPage',
    query: { id: 'id' },
  },
  sublessorDetail: {
    path: '/leaseCenter/sublessorDetail',
    title: 'lease-sublease:sublessors.detailTitle',
    query: { id: 'id' },
  },
  addSubDevice: {
    path: '/leaseCenter/addSubDevice',
    title: 'lease-sublease:rentIn.title',
    query: { sublessorId: 'id' },
  },
  subleases: { path: '/leaseCenter/subleaseRecord', title: 'lease-sublease:subleases.title', keepAlive: true },
  subleaseDetail: {
    path: '/leaseCenter/subleaseDetail',
    title: 'lease-sublease:subleases.detailTitle',
    query: { id: 'id' },
  },
});

export const leaseSubleaseMenu: AreaMenu<typeof leaseSubleaseScreens> = [
  { screen: 'sublessors', group: 'lease', order: 25, title: 'sublessors', icon: 'team', roles: SUBLEASE_READERS },
  {
    screen: 'subleases',
    group: 'lease',
    order: 61,
    title: 'subleases',
    icon: 'deployment-unit',
    roles: SUBLEASE_RECORD_READERS,
  },
];
