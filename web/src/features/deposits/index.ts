/** What other areas show of this one: a contract's deposit panel, and what deposits hold beside rent owed. */
export { DepositPanel } from './components/deposit-panel.tsx';
export { DepositsHeld } from './components/deposits-held.tsx';
