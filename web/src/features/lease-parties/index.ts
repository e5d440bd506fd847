/** What other areas use of this one: why a contract in review waits for a manager (the contract and change pages). */
export { ManagerReviewNote } from './components/manager-review.tsx';
