/**
 * A phone number as people of its country write it. Numbers are kept as typed beside their calling code (users,
 * fences, stores, work orders: '61' and '412345678') or without one (an organisation's contact: '0412345678', or a
 * mainland mobile); only the writing changes here.
 *
 * A number of the reader's own country (`home`, the brand's calling code) is written nationally: an Australian one
 * with its trunk 0, "0412 345 678" and "(02) 9633 1234". Any other is written with its country's code,
 * "+61 412 345 678" and "+61 2 9633 1234"; a number kept without a code is of the reader's country. Mainland
 * numbers and those of the other countries are written as typed: "13812345678", "+86 13812345678".
 */
export function phoneText(phone: { areaCode: string; number: string }, home?: string): string {
  const number = phone.number.trim();
  if (!number) return '';
  const code = phone.areaCode || home || '';
  const national = code === home || !phone.areaCode;
  if (code === '61') return national ? australianNational(number) : `+61 ${australianInternational(number)}`;
  return national || !code ? number : `+${code} ${number}`;
}

/** The number without its trunk 0, as dialled from abroad: 412345678, 296331234. */
const significant = (number: string) => number.replace(/\D/g, '').replace(/^0/, '');

/** Mobiles (4, and 5 for some services) and geographic numbers (2, 3, 7, 8 and the area's digit) have nine digits. */
const MOBILE = /^([45]\d{2})(\d{3})(\d{3})$/;
const GEOGRAPHIC = /^([2378])(\d{4})(\d{4})$/;

function australianNational(number: string): string {
  const digits = significant(number);
  if (MOBILE.test(digits)) return `0${digits.replace(MOBILE, '$1 $2 $3')}`;
  if (GEOGRAPHIC.test(digits)) return digits.replace(GEOGRAPHIC, '(0$1) $2 $3');
  // 1300 and 1800 numbers, 13 numbers and anything else: as typed.
  return number;
}

function australianInternational(number: string): string {
  const digits = significant(number);
  if (MOBILE.test(digits)) return digits.replace(MOBILE, '$1 $2 $3');
  if (GEOGRAPHIC.test(digits)) return digits.replace(GEOGRAPHIC, '$1 $2 $3');
  return digits;
}
