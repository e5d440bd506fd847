import { CONTRACT_READERS } from '../access/lease-contracts.ts';
import { defineScreens, type AreaMenu } from './screen.ts';

/**
 * Contract changes (docs/decisions/041-contract-changes.md): the change record, the form and the detail. The spec
 * spells the detail `ontractChangeDetail`: it is served as written and as `contractChangeDetail`, the same page.
 */
export const leaseChangeScreens = defineScreens({
  /** `contractId` shows one contract's changes (its detail links here). */
  contractChangeRecord: {
    path: '/leaseCenter/contractChangeRecord',
    title: 'lease-changes:list.title',
    query: { status: 'number', contractId: 'number' },
    keepAlive: true,
  },
  /** Without `id` a new change (`contractId` picks the contract); with it, a draft, withdrawn or rejected one. */
  addChangeContract: {
    path: '/leaseCenter/addChangeContract',
    title: 'lease-changes:form.editTitle',
    createTitle: 'lease-changes:form.createTitle',
    query: { id: 'number', contractId: 'number' },
    parent: 'contractChangeRecord',
  },
  contractChangeDetail: {
    path: '/leaseCenter/contractChangeDetail',
    title: 'lease-changes:detail.title',
    query: { id: 'id' },
    parent: 'contractChangeRecord',
  },
  /** The spec's own spelling of the detail (section 2), kept so its links work. */
  ontractChangeDetail: {
    path: '/leaseCenter/ontractChangeDetail',
    title: 'lease-changes:detail.title',
    query: { id: 'id' },
    parent: 'contractChangeRecord',
  },
});

export const leaseChangeMenu: AreaMenu<typeof leaseChangeScreens> = [
  {
    screen: 'contractChangeRecord',
    group: 'lease',
    order: 11,
    title: 'contractChanges',
    icon: 'file-text',
    roles: CONTRACT_READERS,
  },
];
