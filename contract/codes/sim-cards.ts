import { codeTable } from './code-table.ts';

/** Mobile carriers of the machines' SIM cards. */
export const SIM_CARRIER = codeTable('simCarrier', [
  ['chinaMobile', 'chinaMobile', 'blue'],
  ['chinaUnicom', 'chinaUnicom', 'red'],
  ['chinaTelecom', 'chinaTelecom', 'geekblue'],
  ['other', 'other', 'default'],
]);

/** An ICCID: the telecom prefix 89, then 17 or 18 characters (Chinese carriers use a few letters). */
export const ICCID_PATTERN = /^89[0-9A-Za-z]{17,18}$/;

/** An IMEI: 15 digits whose last is the Luhn check digit of the first 14. */
export function isImei(value: string): boolean {
  if (!/^\d{15}$/.test(value)) return false;
  let sum = 0;
  for (let i = 0; i < 15; i++) {
    let digit = Number(value[i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}
