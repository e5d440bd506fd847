import { sql } from 'drizzle-orm';
import { Faker, en, zh_CN } from '@faker-js/faker';
import { DEV_FLEET_SECRET } from '@console/contract/mqtt/credentials';
import type { Db } from '../client.ts';
import { continueIdentities } from '../dialect.ts';
import { organisations } from '../schema/accounts.ts';
import { seedOrganisations, seedUsers } from './accounts.ts';
import { seedAlarms } from './alarms.ts';
import { seedApiKeys } from './api-keys.ts';
import { seedQuotes } from './quotes.ts';
import { seedNotifications } from './notifications.ts';
import { seedDeviceRecords } from './device-records.ts';
import { seedFleet, type FleetOptions } from './devices.ts';
import { seedFences } from './fences.ts';
import { seedLockTasks } from './lock-tasks.ts';
import { seedRisk } from './risk.ts';
import { seedAppReleases } from './app-releases.ts';
import { seedBanners } from './banners.ts';
import { seedMonitor } from './monitor.ts';
import { seedCases } from './cases.ts';
import { seedFaults } from './faults.ts';
import { seedFeedback } from './feedback.ts';
import { seedUpkeep } from './upkeep.ts';
import { seedSimCards } from './sim-cards.ts';
import { seedPeripherals } from './peripherals.ts';
import { seedWorkOrders } from './work-orders.ts';
import { seedContractHolds, seedLease } from './lease.ts';
import { seedDailyWork } from './daily-work.ts';
import { seedCustomerPeople } from './people.ts';
import { seedLeaseHandovers } from './lease-handovers.ts';
import { seedLeaseBills } from './lease-bills.ts';
import { seedLeaseChanges } from './lease-changes.ts';
import { seedArrearsExemptions } from './arrears.ts';
import { seedDeposits } from './deposits.ts';
import { seedTerms } from './terms.ts';
import { seedCharges } from './charges.ts';
import { seedHandoverNotes } from './handover-notes.ts';
import { seedSublease } from './lease-sublease.ts';
import { seedPayables } from './payables.ts';
import { seedRenewals } from './renewals.ts';
import { seedInvitations } from './invitations.ts';
import { seedApprovals } from './approvals.ts';
import { seedShop } from './shop.ts';
import { seedInvoices } from './invoices.ts';
import { seedShopOrders } from './shop-orders.ts';
import { seedProcesses } from './processes.ts';
import { seedQuality } from './quality.ts';
import { seedActivities } from './activities.ts';
import { seedCreatedTimes } from './created-times.ts';

/** Fixed, so every fresh database holds the same demo business. */
export const DEMO_SEED = 20261122;

export function demoFaker(seed = DEMO_SEED): Faker {
  const faker = new Faker({ locale: [zh_CN, en] });
  faker.seed(seed);
  return faker;
}

export async function isSeeded(db: Db): Promise<boolean> {
  return (await db.select({ id: organisations.id }).from(organisations).limit(1).all()).length > 0;
}

export interface SeedOptions {
  seed?: number;
  /** Machines in the fleet (SEED_DEVICES; default 2,000). */
  devices?: number;
  /** Machines with a full track and telemetry history. */
  historyDevices?: number;
  historyDays?: number;
  now?: number;
  /** FLEET_SECRET: the seeded machines' MQTT secrets derive from it (contract/mqtt/credentials.ts). */
  fleetSecret?: string;
}

/** Seed the demo business into an empty database. Each area adds its seeding step here. */
export async function seedDemo(db: Db, options: SeedOptions = {}): Promise<void> {
  const faker = demoFaker(options.seed ?? DEMO_SEED);
  const orgs = await seedOrganisations(db, faker);
  await seedUsers(db, faker, orgs);
  const fleet: FleetOptions = {
    count: options.devices ?? 2000,
    historyDevices: options.historyDevices ?? 24,
    historyDays: options.historyDays ?? 7,
    now: options.now ?? Date.now(),
    fleetSecret: options.fleetSecret ?? DEV_FLEET_SECRET,
  };
  await seedFleet(db, faker, orgs, fleet);
  await seedAlarms(db, faker, fleet.now);
  await seedSimCards(db, faker, orgs, fleet.now);
  await seedRenewals(db, orgs, fleet.now);
  await seedFences(db, orgs, fleet.now);
  await seedPeripherals(db, faker, orgs, fleet.now);
  await seedRisk(db, orgs);
  await seedLockTasks(db, orgs, fleet.now);
  // Maintenance: fixed texts and picks by id, no faker draws, so nothing after them shifts.
  await seedCases(db, orgs, fleet.now);
  await seedFaults(db, orgs, fleet.now);
  await seedUpkeep(db, orgs, fleet.now);
  await seedFeedback(db, orgs, fleet.now);
  // Its own faker, so the device records do not shift what the steps after it draw.
  await seedDeviceRecords(db, demoFaker((options.seed ?? DEMO_SEED) + 1), fleet.now);
  // Its own faker too, for the same reason.
  await seedWorkOrders(db, demoFaker((options.seed ?? DEMO_SEED) + 2), orgs, fleet.now);
  // Lease contracts, running and those of the year's hires that came and went: no faker, fixed texts and picks by
  // id (docs/decisions/029).
  await seedLease(db, orgs, fleet.now);
  // Entries, exits and lease periods of those contracts (docs/decisions/035).
  await seedLeaseHandovers(db, fleet.now);
  // A month of daily work, and a year of it on lease (decision 037): no faker; the machines with telemetry get their
  // last days from the rollup, each day with the lease the machine was on. Before the bills, which measure the
  // overtime of the lines with an hours allowance from it (decision 070); the changes after touch no period's days.
  await seedDailyWork(db, fleet.now);
  // The bills of those periods, issued month by month, and the receipts that paid most of them (decision 036).
  await seedLeaseBills(db, fleet.now);
  // A contract change in each status, the one in force applied to its contract (docs/decisions/041).
  await seedLeaseChanges(db, fleet.now);
  // Two contracts exempted from arrears locking, which is seeded off: nothing moves until it is switched on (039).
  await seedArrearsExemptions(db, fleet.now);
  // Each signed contract's deposit, in every state (decision 073): after the bills a deposit may pay.
  await seedDeposits(db, fleet.now);
  // Each lessor's contract terms in its brand's language, carried by the contracts it sent for signature (078).
  await seedTerms(db, fleet.now);
  // Charges beyond rent in every state and a credit note per company (decision 074): after the bills and deposits.
  await seedCharges(db, fleet.now);
  // A delivery note signed and a return note awaiting signature per rental company (decision 076).
  await seedHandoverNotes(db, fleet.now);
  // A sub-lessor with machines rented in, two of them leased out again (decision 042).
  await seedSublease(db, orgs, fleet.now);
  // What the companies owe their sub-lessors, month by month, some paid, one half paid, one overdue (decision 079).
  await seedPayables(db, fleet.now);
  // The customers' people with their real-name data (decision 043): no faker.
  await seedCustomerPeople(db, orgs);
  // Employee invitations in every state and a former employee (decision 048): no faker.
  await seedInvitations(db, orgs, fleet.now);
  // Binding requests and verifications in every state, after the people who ask (decision 047): no faker.
  await seedApprovals(db, orgs, fleet.now);
  // Products, lease prices and coupons in every state (decision 049): no faker; after the customers' people.
  await seedShop(db, orgs, fleet.now);
  // Each brand's app banners in every state (decision 052): no faker.
  await seedBanners(db, orgs, fleet.now);
  // Each brand's app releases (decision 053): no faker.
  await seedAppReleases(db, orgs, fleet.now);
  // Each brand's app activities, live, scheduled and expired, with their pushes (decision 056): no faker.
  await seedActivities(db, orgs, fleet.now);
  // Invoices asked over paid bills and renewal orders, issued and to be issued (decision 051): no faker.
  await seedInvoices(db, orgs, fleet.now);
  // Shop orders in every state with their payments and timelines (decision 050): no faker; after the shop.
  await seedShopOrders(db, orgs, fleet.now);
  // Process models, forms, deployed versions and processes in every state (decision 054): no faker.
  await seedProcesses(db, orgs, fleet.now);
  // Cameras on a third of the machines that carry them, named in the owner's language (decision 057): no faker.
  await seedMonitor(db, orgs, fleet.now);
  // Test plans per brand and the platform's inspections in every state (decision 055): no faker.
  await seedQuality(db, orgs, fleet.now);
  // API keys of the ISO 15143-3 API (decision 068), one revoked: no faker.
  await seedApiKeys(db, orgs, fleet.now);
  // What the contracts and changes hold, consumed by the entries or let go by their end (decision 069).
  await seedContractHolds(db);
  // Quotes in every state and what they hold (decision 069), after the lease prices and contracts: no faker.
  await seedQuotes(db, orgs, fleet.now);
  // Notification rules and a delivery history of recent alarms per company, in its language (decision 071).
  await seedNotifications(db, orgs, fleet.now);
  // Each record's creation time, the day of the event that made it (a machine's fitting, a bill's issue): last.
  await seedCreatedTimes(db, fleet.now);
  // Ids were given explicitly: the identity columns continue after them on PostgreSQL.
  await continueIdentities(db);
  // Statistics for the query planner over the freshly filled tables (see db/client.ts).
  await db.run(sql`ANALYZE`);
}
