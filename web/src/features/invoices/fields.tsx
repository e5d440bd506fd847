import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { INVOICE_TYPE } from '@console/contract/codes/accounts';
import { INVOICE_STATE } from '@console/contract/codes/invoices';
import { formatMoney, plainAmount } from '@console/contract/codes/money';
import { invoiceEndpoints, type InvoiceRow } from '@console/contract/http/invoices';
import { defineFields } from '../../components/fields.tsx';
import { FilterSelect } from '../../components/filter-select.tsx';
import { DayField } from '../../components/picker-fields.tsx';
import { endpointQuery } from '../../lib/endpoint-query.ts';
import { DownloadButton } from './components/download-button.tsx';

/** The companies on either side of the invoices the user sees (text values, as the URL holds them). */
function CompanyFilter(props: { value?: string; onChange?: (value: string | undefined) => void }) {
  const { t } = useTranslation('invoices');
  const query = useQuery({ ...endpointQuery(invoiceEndpoints.companies, {}), staleTime: 60_000 });
  const options = (query.data?.list ?? []).map((c) => ({ value: String(c.id), label: c.name }));
  return <FilterSelect width={220} placeholder={t('field.company')} options={options} {...props} />;
}

/** An invoice (spec section 3: tenant name, applicant, tax number, contact, address, total, status, file). */
export const useInvoiceFields = defineFields<InvoiceRow>()('invoices', {
  number: { label: 'field.number', width: 130 },
  tenantName: { label: 'field.tenantName' },
  applicantName: { label: 'field.applicant' },
  issuerName: { label: 'field.issuerName' },
  invoiceType: { label: 'field.invoiceType', kind: 'code', table: INVOICE_TYPE },
  taxRate: { label: 'field.taxRate', value: (row) => `${row.taxRate}%` },
  title: { label: 'field.title', defaultHidden: true },
  taxNumber: { label: 'field.taxNumber' },
  contact: { label: 'field.contact' },
  phone: { label: 'field.phone', defaultHidden: true },
  address: { label: 'field.address', ellipsis: true, width: 180 },
  bank: { label: 'field.bank', defaultHidden: true },
  account: { label: 'field.account', defaultHidden: true },
  note: { label: 'field.note', defaultHidden: true },
  itemCount: { label: 'field.items', kind: 'number' },
  // Invoices of companies of several brands sit in one list: each amount names its own currency (decision 064), and
  // the CSV keeps plain amounts beside a currency column.
  totalCents: {
    label: 'field.total',
    sortable: true,
    cell: (row) => formatMoney(row.totalCents, row.money),
    exportValue: (row) => plainAmount(row.totalCents, row.money),
  },
  taxCents: {
    label: 'field.tax',
    cell: (row) => formatMoney(row.taxCents, row.money),
    exportValue: (row) => plainAmount(row.taxCents, row.money),
  },
  currency: { label: 'field.currency', value: (row) => row.money.currency.code },
  state: { label: 'field.state', kind: 'code', table: INVOICE_STATE, filter: { width: 140 } },
  fileUrl: {
    label: 'field.file',
    cell: (row) => row.fileUrl && <DownloadButton url={row.fileUrl} name={row.number} />,
    exportValue: (row) => (row.fileUrl ? row.number : ''),
  },
  requestedAt: { label: 'field.requestedAt', kind: 'moment', sortable: true },
  issuedAt: { label: 'field.issuedAt', kind: 'moment' },
  orgId: { label: 'field.company', filter: { input: () => <CompanyFilter /> } },
  from: { label: 'field.from', filter: { input: () => <DayField /> } },
  to: { label: 'field.to', filter: { input: () => <DayField /> } },
  keyword: { label: 'field.keyword', filter: { placeholder: 'field.keywordPlaceholder', maxLength: 50 } },
});
