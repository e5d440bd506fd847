// The CSV writer is shared with the server (track exports), so it lives in the contract.
export { BOM, csvCell, toCsv, type CsvCell } from '@console/contract/formats/csv';
