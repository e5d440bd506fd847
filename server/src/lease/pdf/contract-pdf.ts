import type { MoneyFormat } from '@console/contract/codes/money';
import type { Db } from '@console/db/client';
import { contractDocument } from './document.ts';
import { renderContractPdf } from './render.ts';

/**
 * A contract's PDF as it stands: its terms, and the signatures and seal once the provider reported them.
 * `readUpload` gives a template's own PDF (the uploads store); without one the built-in layout is drawn.
 */
export async function contractPdf(
  db: Db,
  contractId: number,
  /** The lessor's brand's money (lib/org-brand.ts). */
  money: MoneyFormat,
  readUpload: (name: string) => Uint8Array | null = () => null,
  /** The terms version to print (startSigning's, decision 078); when not given, the one the contract carries. */
  termsVersionId?: number | null,
): Promise<Uint8Array | null> {
  const doc = await contractDocument(db, contractId, money, termsVersionId);
  if (!doc) return null;
  return renderContractPdf(doc, doc.baseUpload ? readUpload(doc.baseUpload) : null);
}
