import { CASE_READERS } from '../access/cases.ts';
import { defineScreens, type AreaMenu } from './screen.ts';

/** The expert library: fault cases, searched and read when repairing. */
export const caseScreens = defineScreens({
  library: { path: '/approvalManagement/caselibrary', title: 'cases:title' },
  detail: { path: '/approvalManagement/caselibraryDetail', title: 'cases:detailTitle', query: { id: 'id' } },
});

export const caseMenu: AreaMenu<typeof caseScreens> = [
  { screen: 'library', group: 'approvals', order: 10, title: 'caseLibrary', icon: 'profile', roles: CASE_READERS },
];
