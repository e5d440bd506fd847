/** What other areas show of this one: the terms a contract carries, on its detail page (decision 078). */
export { ContractTermsCard } from './components/contract-terms.tsx';
