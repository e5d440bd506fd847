/**
 * What other areas use of this one: the renter filter of lists over bills (the income lines), and the contract
 * page's arrears and exemption from arrears locking, and a bill's drawer (opened from the credit notes' list).
 */
export { RenterFilter } from './components/renter-select.tsx';
export { ContractArrears } from './components/contract-arrears.tsx';
export { BillDrawer } from './components/bill-drawer.tsx';
