import { eq } from 'drizzle-orm';
import { invoiceAllows, type InvoiceAction } from '@console/contract/codes/invoices';
import { invoiceEndpoints } from '@console/contract/http/invoices';
import { invoiceEvents, invoices } from '@console/db/schema/invoices';
import type { AppDeps } from '../../lib/deps.ts';
import { API_STATUS } from '@console/contract/http/envelope';
import { ApiError, conflict, forbidden } from '../../lib/errors.ts';
import { route, type RouteDef } from '../../lib/route.ts';
import type { SessionUser } from '../../lib/session.ts';
import type { ScopedData } from '../../lib/data.ts';
import { discardFile, keepFile, recordUpload } from '../../lib/uploads.ts';
import { invoiceIn, mayIssue, presentInvoices } from './present.ts';
import { uncoveredItems } from './sources.ts';

interface FileMove {
  action: Extract<InvoiceAction, 'issue' | 'replaceFile'>;
  id: number;
  file: File;
  reason: string;
}

/**
 * Put an invoice's PDF in place: refused before the file is kept when the invoice is not the user's to issue, not
 * in a state that allows it, or (issuing) covers an item no longer paid for what it invoices; the file is checked
 * by its content (pdf, at most 5 MB: the upload rule `pdf`) and kept as the buyer's document (the requester
 * downloads it), then the move is made in one unit of work, checked again.
 */
async function putFile(
  ctx: { data: ScopedData; user: SessionUser; deps: AppDeps },
  move: FileMove,
): Promise<typeof invoices.$inferSelect> {
  const { data, user, deps } = ctx;
  const allowed = async (db: ScopedData, invoice: typeof invoices.$inferSelect) => {
    if (!mayIssue(data, user, invoice)) throw forbidden();
    if (!invoiceAllows(move.action, invoice.state)) throw conflict();
    if (move.action !== 'issue') return;
    // An issued invoice covers only paid amounts: a receipt voided since the request leaves its bill unpaid.
    // Whether the items are paid is their sources' rule, read past the reader's scope (decision 051).
    const unpaid = (await uncoveredItems(db.unscoped('domainRule'), [invoice.id])).get(invoice.id);
    if (unpaid) throw new ApiError(API_STATUS.conflict, 'invoices.noLongerPaid', { label: unpaid.join(', ') });
  };
  await allowed(data, await invoiceIn(data, move.id));
  const kept = await keepFile(deps, move.file, 'pdf');
  const now = new Date(deps.now());
  try {
    return await data.write(async (tx) => {
      const invoice = await invoiceIn(tx, move.id);
      await allowed(tx, invoice);
      await recordUpload(tx, user, kept, 'pdf', false, invoice.orgId);
      await tx
        .insert(invoiceEvents)
        .values({
          invoiceId: invoice.id,
          orgId: invoice.orgId,
          event: move.action === 'issue' ? 'issued' : 'fileReplaced',
          actorId: user.id,
          reason: move.reason,
          fileUrl: kept.url,
          formerFileUrl: invoice.fileUrl,
          at: now,
        })
        .run();
      return tx
        .update(invoices)
        .set(
          move.action === 'issue'
            ? { state: 'issued', fileUrl: kept.url, issuedBy: user.id, issuedAt: now }
            : { fileUrl: kept.url },
        )
        .where(eq(invoices.id, invoice.id))
        .returning()
        .get();
    });
  } catch (error) {
    discardFile(deps, kept);
    throw error;
  }
}

export const invoiceIssueRoutes: RouteDef[] = [
  route(invoiceEndpoints.issue, async (ctx) => {
    const { body, setMessage } = ctx;
    const invoice = await putFile(ctx, { action: 'issue', id: body.id, file: body.file as File, reason: '' });
    setMessage('invoices.issued');
    return (await presentInvoices(ctx, [invoice]))[0]!;
  }),
  // The former file stays readable through the timeline: what was replaced, by whom and why.
  route(invoiceEndpoints.replaceFile, async (ctx) => {
    const { body, setMessage } = ctx;
    const invoice = await putFile(ctx, {
      action: 'replaceFile',
      id: body.id,
      file: body.file as File,
      reason: body.reason,
    });
    setMessage('invoices.fileReplaced');
    return (await presentInvoices(ctx, [invoice]))[0]!;
  }),
];
