/** What other areas use of this one: the contract page's arrears and exemption from arrears locking. */
export { ContractArrears } from './components/contract-arrears.tsx';
