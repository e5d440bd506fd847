import { CONTRACT_READERS } from '../access/lease-contracts.ts';
import { HANDOVER_READERS } from '../access/lease-handover.ts';
import { defineScreens, type AreaMenu } from './screen.ts';

/** Lease contracts (docs/decisions/029, 033): the list, the form, the detail and the public export. */
export const leaseContractScreens = defineScreens({
  /** `status` opens the list on one status's tab. */
  contractMng: {
    path: '/leaseCenter/contractMng',
    title: 'lease-contracts:list.title',
    query: { status: 'number' },
    keepAlive: true,
  },
  /** Without `id` a new contract; with it, a draft, withdrawn or rejected contract's terms. */
  addContract: {
    path: '/leaseCenter/addContract',
    title: 'lease-contracts:form.editTitle',
    createTitle: 'lease-contracts:form.createTitle',
    query: { id: 'number' },
    parent: 'contractMng',
  },
  contractDetail: {
    path: '/leaseCenter/contractDetail',
    title: 'lease-contracts:detail.title',
    query: { id: 'id' },
    parent: 'contractMng',
  },
  /** A contract's printable export, opened without signing in through its link (spec section 2). */
  contractExport: {
    path: '/contract/export',
    title: 'shell:contractExport',
    query: { token: 'string' },
    public: true,
    fullScreen: true,
  },
});

export const leaseContractMenu: AreaMenu<typeof leaseContractScreens> = [
  { screen: 'contractMng', group: 'lease', order: 10, title: 'contracts', icon: 'file-text', roles: CONTRACT_READERS },
];

/** Entries (deliveries), exits (returns) and the lease periods they open and close (docs/decisions/035). */
export const leaseHandoverScreens = defineScreens({
  entryMng: { path: '/leaseCenter/entryMng', title: 'lease-handover:entry.listTitle', keepAlive: true },
  enterDetail: {
    path: '/leaseCenter/enterDetail',
    title: 'lease-handover:entry.detailTitle',
    query: { id: 'id' },
    parent: 'entryMng',
  },
  quitMng: { path: '/leaseCenter/quitMng', title: 'lease-handover:exit.listTitle', keepAlive: true },
  quitDetail: {
    path: '/leaseCenter/quitDetail',
    title: 'lease-handover:exit.detailTitle',
    query: { id: 'id' },
    parent: 'quitMng',
  },
  /** `deviceId` opens the periods of one machine (the host form's link). */
  deviceLeasePeriod: {
    path: '/leaseCenter/deviceLeasePeriod',
    title: 'lease-handover:periods.title',
    query: { deviceId: 'number', contractId: 'number' },
  },
});

export const leaseHandoverMenu: AreaMenu<typeof leaseHandoverScreens> = [
  { screen: 'entryMng', group: 'lease', order: 12, title: 'leaseEntries', icon: 'car', roles: HANDOVER_READERS },
  {
    screen: 'quitMng',
    group: 'lease',
    order: 14,
    title: 'leaseExits',
    icon: 'deployment-unit',
    roles: HANDOVER_READERS,
  },
  {
    screen: 'deviceLeasePeriod',
    group: 'lease',
    order: 16,
    title: 'leasePeriods',
    icon: 'schedule',
    roles: HANDOVER_READERS,
  },
];
