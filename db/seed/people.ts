import { completeIdNumber } from '@console/contract/lease/renter-identity';
import { ROLE } from '@console/contract/codes/roles';
import type { Db } from '../client.ts';
import { createUser, type DemoOrganisations } from './accounts.ts';

/**
 * The people of the customers (decision 043): two accounts per Chinese customer with their real names and ID
 * numbers, verified or not, one of them disabled, so the user lists show every state and the masks. No faker: fixed
 * names, so nothing seeded after them shifts. Mobiles 1350000NNNN are no other seed's.
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

export async function seedCustomerPeople(db: Db, orgs: DemoOrganisations): Promise<void> {
  // The Chinese rental companies' customers: the first six (the third company's are abroad).
  const customers = orgs.customers.slice(0, 6);
  let n = 0;
  for (const orgId of customers) {
    for (let i = 0; i < 2; i++, n++) {
      const [name, verified] = PEOPLE[n % PEOPLE.length]!;
      const born = `19${70 + n}0${1 + (n % 9)}1${n % 10}`;
      await createUser(db, {
        orgId,
        mobile: `1350000${String(n + 1).padStart(4, '0')}`,
        roleId: ROLE.other,
        nickname: name.slice(-1) + name.slice(-1),
        name,
        idType: 1,
        idNumber: completeIdNumber(1, `330106${born}${String(100 + n).slice(-3)}`),
        realNameVerified: verified,
        // One account shows the disabled state.
        disabled: n === 5,
      });
    }
  }
}
