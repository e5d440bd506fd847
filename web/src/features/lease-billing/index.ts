/** What other areas use of this one: the renter filter of lists over bills (the income lines). */
export { RenterFilter } from './components/renter-select.tsx';
