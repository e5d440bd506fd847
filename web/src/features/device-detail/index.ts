/** What other areas use of this one: a machine's expenses, which the fleet's expense ledger lists and changes too. */
export { ExpenseDialog } from './components/expense-dialog.tsx';
export { EXPENSE_LEDGER_COLUMNS, useExpenseFields } from './fields.tsx';
export { EXPENSE_READS } from './api/device-records.ts';
