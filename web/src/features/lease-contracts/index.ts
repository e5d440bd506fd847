/** What other areas use of this one: a file the server answers as base64 (a PDF), saved as a download. */
export { saveBase64 } from './components/save-file.ts';
/** The moves of the contract state machine, which a contract change takes too (decision 041). */
export { ContractActions } from './components/contract-actions.tsx';
/** The yuan a form shows, the cents it sends. */
export {
  toCents,
  toYuan,
  hoursToTenths,
  tenthsToHours,
  useIsContractWriter,
  useFollowSigning,
  CONTRACT_READS,
} from './api.ts';
/** A contract's line as the contract's pages show it. */
export { useContractLineFields } from './fields.tsx';
/** A contract's timeline and signing state, which a change's detail shows alike. */
export { ContractTimeline, Signing } from './components/contract-history.tsx';
