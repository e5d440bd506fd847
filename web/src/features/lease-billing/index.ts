/**
 * What other areas use of this one: the renter filter of lists over bills (the income lines), and the contract
 * page's arrears and exemption from arrears locking.
 */
export { RenterFilter } from './components/renter-select.tsx';
export { ContractArrears } from './components/contract-arrears.tsx';
