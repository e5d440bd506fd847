import { LESSOR_READERS } from '../access/lessors.ts';
import { defineScreens, type AreaMenu } from './screen.ts';

/** Rental companies the operator onboards (docs/decisions/065-operator-onboarding.md). */
export const lessorScreens = defineScreens({
  lessors: { path: '/userManagement/lessor', title: 'lessors:title', keepAlive: true },
});

export const lessorMenu: AreaMenu<typeof lessorScreens> = [
  { screen: 'lessors', group: 'users', order: 25, title: 'lessors', icon: 'bank', roles: LESSOR_READERS },
];
