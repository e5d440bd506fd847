export { BillCharges } from './components/bill-charges.tsx';
export { ContractCharges } from './components/contract-charges.tsx';
