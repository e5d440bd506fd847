import { invoiceEndpoints } from '@console/contract/http/invoices';
import { INVOICE_REQUESTERS } from '@console/contract/access/invoices';
import { readsOf } from '../../lib/endpoint-query.ts';
import { apiHeaders } from '../../lib/api-client.ts';
import { useHasRole } from '../../lib/session.ts';

/** Everything the invoice page shows: a request, an issue or a withdrawal re-reads it. */
export const INVOICE_READS = readsOf(invoiceEndpoints);

export const useIsInvoiceRequester = () => useHasRole(INVOICE_REQUESTERS);

/** An invoice's PDF is served with the session's headers: fetch it, then save it from memory under its number. */
export async function downloadInvoice(url: string, name: string): Promise<void> {
  const response = await fetch(url, { headers: apiHeaders() });
  if (!response.ok) throw new Error(response.statusText);
  const local = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = local;
  link.download = `${name}.pdf`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(local), 60_000);
}
