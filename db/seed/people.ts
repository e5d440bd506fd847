import { completeIdNumber } from '@console/contract/lease/renter-identity';
import { ROLE } from '@console/contract/codes/roles';
import type { Db } from '../client.ts';
import { createUser, GLOBAL_DEMO_AREA_CODE, globalCustomers, type DemoOrganisations } from './accounts.ts';
import { auMobile, digitsOf, fixedCnMobile } from './identities.ts';

/**
 * The people of the customers (decision 043): two accounts per Chinese customer with their real names and ID
 * numbers, verified or not, one of them disabled, so the user lists show every state and the masks. No faker: fixed
 * names, so nothing seeded after them shifts. Their mobiles and ID numbers are spread from their place in the list
 * (identities.ts): born in different years and registered in different districts, as a company's people are.
 */
const PEOPLE: [string, boolean][] = [
  ['王伟', true],
  ['李秀英', true],
  ['张磊', false],
  ['刘建华', true],
  ['陈静', false],
  ['杨晓东', true],
  ['赵敏', true],
  ['黄志强', false],
  ['周杰', true],
  ['吴丽娟', false],
  ['徐刚', true],
  ['孙海燕', true],
];

/** The mobile of the customers' n-th person (0-based), which the seeds and tests after them sign in with. */
export const customerPersonMobile = (n: number): string => fixedCnMobile(`customer-person-${n}`);

/** Districts (GB/T 2260) of East-China ID cards: Shanghai, Hangzhou, Suzhou, Nanjing, Ningbo, Wuxi. */
const ID_DIVISIONS = ['310115', '310112', '330106', '320506', '320115', '330203', '320213', '310104'];

/** A resident ID number born between 1968 and 1995, from the person's place in the list. */
function idNumberOf(n: number): string {
  const d = digitsOf(`customer-id-${n}`);
  const year = 1968 + (Number(d.slice(0, 2)) % 28);
  const month = String(1 + (Number(d.slice(2, 4)) % 12)).padStart(2, '0');
  const day = String(1 + (Number(d.slice(4, 6)) % 28)).padStart(2, '0');
  return completeIdNumber(1, `${ID_DIVISIONS[n % ID_DIVISIONS.length]}${year}${month}${day}${d.slice(5, 8)}`);
}

/**
 * The people of the rental company abroad's customers, two each, with names as Australians bear them: a builder of
 * Parramatta (whose demo renter is seeded with the demo accounts), a facility manager of Jurong East and a steel
 * erector of Al Quoz, whose site people carry Australian mobiles as their contacts do. A person of the Australian
 * builder shows a New South Wales driver licence (verified or not); the others keep none.
 */
const AU_PEOPLE: [string, boolean][] = [
  ['Lachlan Murphy', true],
  ['Priya Singh', false],
  ['Daniel Nguyen', false],
  ['Rebecca Walsh', false],
  ['Scott Campbell', false],
  ['Hannah Fraser', false],
];

/** The mobile (at +61) of the rental company abroad's customers' n-th person (0-based). */
export const auCustomerPersonMobile = (n: number): string => auMobile(digitsOf(`au-customer-person-${n}`));

/** A New South Wales driver licence number: eight digits, from the person's place in the list. */
const licenceOf = (n: number): string => digitsOf(`au-licence-${n}`);

export async function seedCustomerPeople(db: Db, orgs: DemoOrganisations): Promise<void> {
  // The Chinese rental companies' customers: the first six (the third company's are abroad).
  const customers = orgs.customers.slice(0, 6);
  let n = 0;
  for (const orgId of customers) {
    for (let i = 0; i < 2; i++, n++) {
      const [name, verified] = PEOPLE[n % PEOPLE.length]!;
      await createUser(db, {
        orgId,
        mobile: customerPersonMobile(n),
        roleId: ROLE.other,
        // Known in the app by the given name, as colleagues call them.
        nickname: name.slice(1),
        name,
        idType: 1,
        idNumber: idNumberOf(n),
        realNameVerified: verified,
        // One account shows the disabled state.
        disabled: n === 5,
      });
    }
  }
  const abroad = globalCustomers(orgs);
  for (const [n, [name, verified]] of AU_PEOPLE.entries()) {
    // The first customer's people are in Australia and show a driver licence.
    const licensed = n < 2;
    await createUser(db, {
      orgId: abroad[Math.floor(n / 2)]!,
      mobile: auCustomerPersonMobile(n),
      areaCode: GLOBAL_DEMO_AREA_CODE,
      roleId: ROLE.other,
      nickname: name.split(' ')[0]!,
      name,
      idType: 1,
      idNumber: licensed ? licenceOf(n) : '',
      realNameVerified: licensed && verified,
    });
  }
}
