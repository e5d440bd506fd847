/** What other areas show of this one: the drawer of a payable with its payments. */
export { PayableDrawer } from './components/payable-drawer.tsx';
