/** What other areas use of this one: the contract page's deliveries, returns and lease periods. */
export { ContractHandovers } from './components/contract-handovers.tsx';
