/** What other areas use of the settings: the invoice information's fields (the user detail edits them too). */
export { InvoiceFields } from './components/invoice-fields.tsx';
