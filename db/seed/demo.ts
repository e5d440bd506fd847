import { Faker, en, zh_CN } from '@faker-js/faker';
import type { Db } from '../client.ts';
import { organisations } from '../schema/accounts.ts';
import { seedOrganisations, seedUsers } from './accounts.ts';

/** Fixed, so every fresh database holds the same demo business. */
export const DEMO_SEED = 20261122;

export function demoFaker(seed = DEMO_SEED): Faker {
  const faker = new Faker({ locale: [zh_CN, en] });
  faker.seed(seed);
  return faker;
}

export function isSeeded(db: Db): boolean {
  return db.select({ id: organisations.id }).from(organisations).limit(1).all().length > 0;
}

/** Seed the demo business into an empty database. Each area adds its seeding step here. */
export async function seedDemo(db: Db, seed = DEMO_SEED): Promise<void> {
  const faker = demoFaker(seed);
  const orgs = seedOrganisations(db, faker);
  await seedUsers(db, faker, orgs);
}
