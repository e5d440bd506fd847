import { eq } from 'drizzle-orm';
import { beforeAll, afterAll, describe, expect, it } from 'vitest';
import { faultCases } from '@console/db/schema/cases';
import { organisations, users } from '@console/db/schema/accounts';
import { commands, deviceModels, devices } from '@console/db/schema/devices';
import { faultRecords } from '@console/db/schema/faults';
import { feedback } from '@console/db/schema/feedback';
import { fences } from '@console/db/schema/fences';
import { riskTaskItems, riskTasks } from '@console/db/schema/risk';
import { simCards } from '@console/db/schema/sim-cards';
import { upkeepPlans } from '@console/db/schema/upkeep';
import { workOrders } from '@console/db/schema/work-orders';
import { invoices } from '@console/db/schema/invoices';
import { receipts } from '@console/db/schema/lease-billing';
import { subleases } from '@console/db/schema/lease-sublease';
import { products } from '@console/db/schema/products';
import { shopOrders } from '@console/db/schema/shop-orders';
import { isAbn } from '@console/contract/codes/tax-regimes';
import { approvalRules, contractEvents, contracts, renters, stores } from '@console/db/schema/lease';
import { isCreditCode } from '@console/contract/lease/renter-identity';
import { BUSINESSES, type SeedLang } from '@console/db/seed/business';
import { FLEET_MIX, modelNoun } from '@console/db/seed/fleet-kinds';
import { KIND_TEXTS } from '@console/db/seed/kind-texts';
import { PLACES, placeName, type Place } from '@console/db/seed/places';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import { expectEvery } from '../../fixtures/expect-every.ts';

const CJK = /[\u4e00-\u9fff]/;
/** Text of a language: Chinese text has Chinese characters, English text has none. */
const inLanguage = (lang: SeedLang, text: string) => (lang === 'zh' ? CJK.test(text) : !CJK.test(text));
const REAL_PLACES = Object.values(PLACES);

/** The rules of db/seed/business.ts, over the whole seeded demo database. */
/**
 * A person's own organisation, with no company above it and no address (as /register.do makes one, and as an unbound
 * employee keeps, decision 048): not one of the demo businesses' customers.
 */
const ownOrganisation = (o: { kind: string; parentId: number | null; province: string }) =>
  o.kind === 'customer' && o.parentId === null && o.province === '';

describe('the seeded demo business is coherent', () => {
  let t: TestApp;
  let langOfOrg: Map<number, SeedLang>;
  const db = () => t.dbh.db;

  beforeAll(async () => {
    t = await createTestApp();
    const orgs = await db().select().from(organisations).all();
    const lessors = orgs.filter((o) => o.kind === 'lessor').sort((a, b) => a.id - b.id);
    langOfOrg = new Map(lessors.map((o, i) => [o.id, BUSINESSES[i]!.lang]));
    for (const o of orgs) if (o.kind === 'customer') langOfOrg.set(o.id, langOfOrg.get(o.parentId!)!);
  });
  afterAll(() => t?.dbh.close());

  it('places organisations in real provinces, cities and districts that belong together', async () => {
    const orgs = (await db().select().from(organisations).all()).filter((o) => !ownOrganisation(o));
    expect(orgs.length).toBeGreaterThan(10);
    const unreal = orgs.filter(
      (o) => !REAL_PLACES.some((p) => p.province === o.province && p.city === o.city && p.district === o.district),
    );
    expect(unreal.map((o) => [o.name, o.province, o.city, o.district])).toEqual([]);
    const orders = await db().select().from(workOrders).all();
    expect(orders.length).toBeGreaterThan(0);
    const unrealOrders = orders.filter(
      (o) => !REAL_PLACES.some((p) => p.province === o.province && p.city === o.city && p.district === o.district),
    );
    expect(unrealOrders.map((o) => [o.number, o.province, o.city, o.district])).toEqual([]);
  });

  it("writes each rental company's customers and fences in its language", async () => {
    const customers = (await db().select().from(organisations).where(eq(organisations.kind, 'customer')).all()).filter(
      (o) => !ownOrganisation(o),
    );
    // Three companies and one person renting in their own name (the lease seed) per rental company.
    expect(customers.length).toBe(12);
    const wrong = customers.filter((c) => !inLanguage(langOfOrg.get(c.id)!, `${c.name}${c.address}${c.contactName}`));
    expect(wrong.map((c) => c.name)).toEqual([]);
    expect(customers.filter((c) => langOfOrg.get(c.id) === 'en').length).toBe(4);
    const fenceRows = await db().select().from(fences).all();
    expect(fenceRows.length).toBeGreaterThan(0);
    expect(fenceRows.filter((f) => !inLanguage(langOfOrg.get(f.orgId)!, `${f.name}${f.location}`))).toEqual([]);
  });

  it("puts every machine at a real place of its company, named for its own model's kind", async () => {
    const models = new Map((await db().select().from(deviceModels).all()).map((m) => [m.id, m.name]));
    const machines = await db().select().from(devices).all();
    expect(machines.length).toBeGreaterThan(0);
    const wrong = machines.filter((d) => {
      const business = BUSINESSES[[...langOfOrg.keys()].indexOf(d.orgId)]!;
      const model = FLEET_MIX[d.kind].models.find(([name]) => name === models.get(d.modelId))!;
      const place = business.places.find((p) => placeName(p, business.lang) === d.location);
      return (
        !model ||
        d.hostType !== model[0] ||
        !d.deviceName.includes(modelNoun(model, business.lang)) ||
        !place ||
        Math.abs(d.lat! - place.lat) > 0.1 ||
        Math.abs(d.lng! - place.lng) > 0.1 ||
        // A road-going machine carries a plate of its place: 沪A52871 in Shanghai, BX42QD in New South Wales.
        (d.licensePlate !== '' && !platePattern(place).test(d.licensePlate))
      );
    });
    expect(wrong.map((d) => [d.serialNumber, d.deviceName, d.location, d.licensePlate])).toEqual([]);
    expect(machines.filter((d) => d.licensePlate !== '').length).toBeGreaterThan(10);
  });

  it("tells faults, parts, fixes, upkeep and feedback of the machine's own kind, in its company's language", async () => {
    const kindOf = new Map(
      (await db().select({ id: devices.id, kind: devices.kind }).from(devices).all()).map((d) => [d.id, d.kind]),
    );
    const faults = await db().select().from(faultRecords).all();
    expect(faults.length).toBeGreaterThan(0);
    const wrongFaults = faults.filter((r) => {
      const lang = langOfOrg.get(r.orgId)!;
      const fault = KIND_TEXTS[kindOf.get(r.deviceId)!].faults.find((k) => k.cause[lang] === r.cause);
      return (
        !fault ||
        (r.parts !== '' && r.parts !== fault.parts[lang]) ||
        (r.repairMethod !== '' && r.repairMethod !== fault.fix[lang]) ||
        !inLanguage(lang, r.reporterName)
      );
    });
    expect(wrongFaults.map((r) => [r.id, kindOf.get(r.deviceId), r.cause, r.repairMethod])).toEqual([]);
    const told = faults.map((r) => `${r.deviceId}:${r.cause}`);
    expect(told.filter((s, i) => told.indexOf(s) !== i)).toEqual([]);

    const plans = await db().select().from(upkeepPlans).all();
    expect(plans.length).toBeGreaterThan(0);
    const wrongPlans = plans.filter(
      (p) => p.content !== KIND_TEXTS[kindOf.get(p.deviceId)!].upkeep[langOfOrg.get(p.orgId)!],
    );
    expect(wrongPlans.map((p) => [p.id, kindOf.get(p.deviceId), p.content])).toEqual([]);

    const reports = await db().select().from(feedback).all();
    expect(reports.length).toBeGreaterThan(0);
    const wrongReports = reports.filter(
      (r) => !KIND_TEXTS[kindOf.get(r.deviceId)!].feedback.some((f) => f[langOfOrg.get(r.orgId)!] === r.info),
    );
    expect(wrongReports.map((r) => [r.id, kindOf.get(r.deviceId), r.info])).toEqual([]);
    const said = reports.map((r) => `${r.reporterOrgId}:${r.info}`);
    expect(said.filter((s, i) => said.indexOf(s) !== i)).toEqual([]);
    expect(reports.filter((r) => /\(#\d+\)/.test(r.info))).toEqual([]);
  });

  it("keeps each company's cases and work orders in its language", async () => {
    const cases = await db().select().from(faultCases).all();
    const own = cases.filter((c) => langOfOrg.has(c.orgId));
    expect(own.some((c) => langOfOrg.get(c.orgId) === 'en')).toBe(true);
    expect(own.filter((c) => !inLanguage(langOfOrg.get(c.orgId)!, `${c.title}${c.symptom}${c.solution}`))).toEqual([]);
    const orders = await db().select().from(workOrders).all();
    expect(orders.some((o) => langOfOrg.get(o.orgId) === 'en')).toBe(true);
    const wrong = orders.filter((o) => !inLanguage(langOfOrg.get(o.orgId)!, `${o.title}${o.content}`));
    expect(wrong.map((o) => [o.number, o.title])).toEqual([]);
    // No text of a Chinese business carries an English translation beside it.
    expect(orders.filter((o) => o.title.includes(' / '))).toEqual([]);
  });

  it('names companies, models and cases in their languages, and bills each business under its brand', async () => {
    const lessors = (await db().select().from(organisations).where(eq(organisations.kind, 'lessor')).all()).filter(
      (o) => langOfOrg.has(o.id),
    );
    for (const o of lessors) {
      expect(inLanguage('en', o.nameEn), o.name).toBe(true);
      // A Chinese company keeps its Chinese name; the one abroad keeps none.
      expect(o.nameZh === '' || inLanguage('zh', o.nameZh), o.name).toBe(true);
      expect(o.nameZh !== '', o.name).toBe(langOfOrg.get(o.id) === 'zh');
    }
    for (const m of await db().select().from(deviceModels).all()) {
      expect(inLanguage('zh', m.nameZh) && inLanguage('en', m.nameEn), m.name).toBe(true);
    }
    // Every product of the shops is described in both languages, its spec too (a code like 'CH-4830' reads in both).
    const goods = await db().select().from(products).all();
    expect(goods.length).toBeGreaterThan(0);
    await expectEvery(goods, (p) => inLanguage('zh', p.descriptionZh) && inLanguage('en', p.descriptionEn));
    await expectEvery(goods, (p) => p.specZh !== '' && inLanguage('en', p.specEn));
    expect(goods.some((p) => p.specZh !== p.specEn)).toBe(true);
    // The operator's shared library: each case marked with the language it is written in.
    await expectEvery(await db().select().from(faultCases).all(), (c) => inLanguage(c.lang, c.title));
    // The business abroad orders by English names and specs, asks for GST tax invoices with its ABN; the Chinese for VAT ones.
    const english = (orgId: number) => langOfOrg.get(orgId) === 'en';
    const bought = (await db().select().from(shopOrders).all()).filter((o) => english(o.orgId));
    expect(bought.length).toBeGreaterThan(0);
    await expectEvery(bought, (o) => inLanguage('en', `${o.productName}${o.spec}`));
    const asked = await db().select().from(invoices).all();
    expect(asked.some((i) => english(i.orgId))).toBe(true);
    await expectEvery(asked, (i) =>
      english(i.orgId) ? i.invoiceType === 'taxInvoice' && isAbn(i.taxNumber) : i.invoiceType !== 'taxInvoice',
    );
    // Rent is paid through the channels of the company's country, with the reference its channel writes.
    const paid = await db().select().from(receipts).all();
    expect(paid.some((r) => english(r.lessorOrgId)) && paid.some((r) => !english(r.lessorOrgId))).toBe(true);
    await expectEvery(paid, (r) => !(english(r.lessorOrgId) && ['wechat', 'alipay'].includes(r.method)));
    await expectEvery(paid, (r) => /^(TRF\d{14}|4200\d{24}|\d{6})$/.test(r.reference));
    // A sub-lease is numbered on the day it began, not on the day the demo was made.
    const rentedIn = await db().select().from(subleases).all();
    expect(rentedIn.length).toBeGreaterThan(0);
    await expectEvery(rentedIn, (l) => l.number.startsWith(`ZL-${l.startOn.replaceAll('-', '')}-`));
  });

  it("shows each rental company's lock tasks in every stage, none leaving a machine locked", async () => {
    const tasks = await db().select().from(riskTasks).all();
    const items = await db().select().from(riskTaskItems).all();
    const states = await db().select({ id: commands.id, state: commands.state }).from(commands).all();
    const lessors = (
      await db().select({ id: organisations.id }).from(organisations).where(eq(organisations.kind, 'lessor')).all()
    ).filter((o) => langOfOrg.has(o.id));
    expect(lessors.length).toBeGreaterThan(0);
    for (const { id: orgId } of lessors) {
      const own = new Set(tasks.filter((task) => task.orgId === orgId).map((task) => task.id));
      const stages = items
        .filter((item) => own.has(item.taskId))
        .map((item) => states.find((c) => c.id === item.commandId)?.state ?? item.outcome ?? 'scheduled');
      expect(new Set(stages), `lessor ${orgId}`).toEqual(
        new Set(['succeeded', 'failed', 'expired', 'cancelled', 'scheduled']),
      );
    }
  });

  it('counts only the locked machines that a lock task explains', async () => {
    const explained = new Set(
      (await db().select({ deviceId: riskTaskItems.deviceId }).from(riskTaskItems).all()).map((i) => i.deviceId),
    );
    const locked = (
      await db()
        .select({ id: devices.id, serial: devices.serialNumber, lockLevel: devices.lockLevel })
        .from(devices)
        .all()
    ).filter((d) => d.lockLevel !== 'unlocked');
    expect(locked.filter((d) => !explained.has(d.id))).toEqual([]);
  });

  it('gives machines and SIM cards calendar days: fitted before today, each card expiring with its machine', async () => {
    const today = new Date(t.deps.now() + 8 * 3600_000).toISOString().slice(0, 10);
    const isDay = (v: string | null) => v === null || /^\d{4}-\d{2}-\d{2}$/.test(v);
    const machines = await db().select().from(devices).all();
    expect(machines.filter((m) => !isDay(m.installedAt) || !isDay(m.serviceExpiresAt))).toEqual([]);
    expect(machines.filter((m) => m.installedAt !== null && m.installedAt >= today).map((m) => m.serialNumber)).toEqual(
      [],
    );
    const expiryOf = new Map(machines.map((m) => [m.id, m.serviceExpiresAt]));
    const cards = await db().select().from(simCards).all();
    expect(cards.filter((c) => !isDay(c.serviceExpiresAt))).toEqual([]);
    expect(cards.filter((c) => c.deviceId !== null && c.serviceExpiresAt !== expiryOf.get(c.deviceId))).toEqual([]);
  });

  it("writes each company's stores, rules, reasons and contract sites in its language", async () => {
    const storeRows = await db().select().from(stores).all();
    expect(storeRows.length).toBeGreaterThan(0);
    expect(storeRows.filter((r) => !inLanguage(langOfOrg.get(r.orgId)!, `${r.name}${r.address}`))).toEqual([]);
    const rules = await db().select().from(approvalRules).all();
    expect(rules.filter((r) => !inLanguage(langOfOrg.get(r.orgId)!, r.name))).toEqual([]);
    const leases = await db().select().from(contracts).all();
    expect(leases.length).toBeGreaterThan(0);
    expect(leases.filter((c) => !inLanguage(langOfOrg.get(c.lessorOrgId)!, c.siteAddress))).toEqual([]);
    const reasons = (
      await db()
        .select({ reason: contractEvents.reason, orgId: contracts.lessorOrgId })
        .from(contractEvents)
        .innerJoin(contracts, eq(contracts.id, contractEvents.contractId))
        .all()
    ).filter((e) => e.reason !== '');
    expect(reasons.length).toBeGreaterThan(0);
    expect(reasons.filter((e) => !inLanguage(langOfOrg.get(e.orgId)!, e.reason))).toEqual([]);
  });

  it('names people as their country does, and gives companies valid numbers and machines fleet numbers', async () => {
    // A Chinese name is a common single-character surname and a given name; an Australian one a first name and a
    // surname: none of faker's compound surnames, double-barrelled inventions or titles ("Fadel-Murazik DVM").
    const nameOf = (lang: SeedLang, name: string) =>
      lang === 'zh'
        ? /^[\u4e00-\u9fff]{2,3}$/.test(name) && !/^(欧阳|慕容|尉迟|皇甫|司马|上官|诸葛|东方|令狐|公孙|夏侯)/.test(name)
        : /^[A-Z][a-z]+ (O')?[A-Z][a-z]+$/.test(name);
    const people = [
      ...(await db().select().from(users).all()).map((u) => ({ orgId: u.orgId, name: u.name })),
      ...(await db().select().from(organisations).all()).map((o) => ({ orgId: o.id, name: o.contactName })),
      // A person's own organisation (ownOrganisation) belongs to no business.
    ].filter((p) => p.name !== '' && langOfOrg.get(p.orgId) !== undefined);
    expect(people.filter((p) => langOfOrg.get(p.orgId) === 'en').length).toBeGreaterThan(5);
    await expectEvery(people, (p) => nameOf(langOfOrg.get(p.orgId)!, p.name));
    // Chinese companies' credit codes and tax numbers carry their check characters; the Australian ones' are ABNs.
    const companies = (await db().select().from(organisations).all()).filter(
      (o) => langOfOrg.get(o.id) !== undefined && o.taxNumber,
    );
    expect(companies.length).toBeGreaterThan(8);
    await expectEvery(companies, (o) =>
      langOfOrg.get(o.id) === 'zh' ? isCreditCode(o.taxNumber!) : isAbn(o.taxNumber!),
    );
    expect(new Set(companies.map((o) => o.taxNumber)).size).toBe(companies.length);
    // The number a company registered under (enterprise verification) is its country's too.
    const registered = (await db().select().from(organisations).all()).filter(
      (o) => langOfOrg.get(o.id) !== undefined && o.creditCode,
    );
    expect(registered.length).toBeGreaterThan(1);
    await expectEvery(registered, (o) =>
      langOfOrg.get(o.id) === 'zh' ? isCreditCode(o.creditCode!) : isAbn(o.creditCode!),
    );
    const taxNumber = new Map(companies.map((o) => [o.id, o.taxNumber]));
    const chineseRenters = (await db().select().from(renters).all()).filter(
      (r) => r.identityType === 2 && langOfOrg.get(r.orgId) === 'zh',
    );
    expect(chineseRenters.length).toBeGreaterThan(0);
    // One company, one number: the renter record's code is the one its invoices carry.
    await expectEvery(chineseRenters, (r) => isCreditCode(r.idNumber) && r.idNumber === taxNumber.get(r.orgId));
    // A machine is named by what it is and its company's fleet number, each number once in its company.
    const fleet = await db().select().from(devices).all();
    const zhName = /^\S+ [A-Z]{2}-\d{4,}$/;
    const enName = /^[A-Z]{2,3}-\d{4,} \w[\w ]+$/;
    await expectEvery(fleet, (d) => (langOfOrg.get(d.orgId) === 'en' ? enName : zhName).test(d.deviceName));
    const named = new Set(fleet.map((d) => `${d.orgId} ${d.deviceName}`));
    expect(named.size).toBe(fleet.length);
  });
});

/** A place's plate forms as one pattern: `#` a digit, `?` a letter plates use. */
function platePattern(place: Place): RegExp {
  const form = (plate: string) =>
    [...plate]
      .map((c) => (c === '#' ? '\\d' : c === '?' ? '[A-HJ-NP-Z]' : c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('');
  return new RegExp(`^(${place.plates.map(form).join('|')})$`);
}
