import { phoneText } from '@console/contract/formats/phone';
import { useBrand } from '../lib/brand.ts';
import { defaultDialCode } from './dial-code.ts';

/**
 * A contact's number as the reader's country writes it (contract/formats/phone.ts): nationally when it is of the
 * brand's country, "0412 345 678" in the Australian console, and with its country's code otherwise. A number kept
 * without its code (an organisation's contact) is of the brand's country.
 */
export function PhoneText({ areaCode, number }: { areaCode: string; number: string }) {
  const home = defaultDialCode(useBrand().info);
  return <>{phoneText({ areaCode, number }, home) || '-'}</>;
}
