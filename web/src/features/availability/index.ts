/** What other areas use of the calendar: "Move dates" on a quote's or a contract's own page (decision 072). */
export { MoveDatesButton, type MovableRecord } from './components/move-dates.tsx';
