/** What other areas show of quotes: a contract's page names the quote it was written from. */
export { QuoteOfContract } from './components/quote-of-contract.tsx';
