import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CNY } from '@console/contract/codes/money';
import { ROLE } from '@console/contract/codes/roles';
import { deviceModelEndpoints } from '@console/contract/http/device-models';
import { deviceEndpoints } from '@console/contract/http/devices';
import { partyEndpoints } from '@console/contract/http/lease-parties';
import { leaseContractEndpoints } from '@console/contract/http/lease-contracts';
import type { InspectionRow } from '@console/contract/http/quality';
import { organisations, users } from '@console/db/schema/accounts';
import { contracts, renters } from '@console/db/schema/lease';
import { signingFlows } from '@console/db/schema/lease-esign';
import { contractDocument } from '@console/server/src/lease/pdf/document';
import { contractPdf } from '@console/server/src/lease/pdf/contract-pdf';
import { LINE_COLUMNS } from '@console/server/src/lease/pdf/render';
import { renderUsageStatement, type UsageStatement } from '@console/server/src/lease/pdf/usage-statement';
import { orgBrand } from '@console/server/src/lib/org-brand';
import { certificatePdf } from '@console/server/src/routes/quality/certificate';
import { orgTimeZone } from '@console/server/src/lib/org-day';
import { formatInZone } from '@console/server/src/lib/time';
import { signingFixture, signOnPage, type SigningFixture } from '../../fixtures/lease-signing.ts';
import { eventually } from '../../fixtures/server-process.ts';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import { lessorIds, renterOf, seededIn, storeOf } from './helpers.ts';

// The PDFs pdftotext reads, written to a folder of this file's own.
const dir = mkdtempSync(join(tmpdir(), 'lease-pdf-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** What poppler's pdftotext reads from a PDF (.ci/run installs poppler-utils), as a person copying its text would. */
function pdfText(bytes: Uint8Array, region?: Region): string {
  const file = join(dir, `c${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, bytes);
  const crop = region ? Object.entries(region).flatMap(([k, v]) => [`-${k}`, String(Math.floor(v))]) : [];
  return execFileSync('pdftotext', ['-layout', ...crop, file, '-'], { encoding: 'utf8' });
}

/** A region of a page for pdftotext, in points (72 dpi) from its top left. */
interface Region {
  x: number;
  y: number;
  W: number;
  H: number;
}

/** A region's text with its lines run together, as a name wrapped over several lines reads. */
const regionText = (bytes: Uint8Array, region: Region) => pdfText(bytes, region).replace(/\s+/g, ' ');

const CJK = /[\u3000-\u303f\u3400-\u9fff\uff00-\uffef]/;
/** A model's name too long for its column in any of the documents. */
const LONG_EN = 'XL-4700 articulating boom lift with jib and outriggers';

describe('the contract PDF', () => {
  let t: TestApp;
  let huadong: number;
  let northwind: number;
  beforeAll(async () => {
    t = await createTestApp();
    [huadong, , northwind] = (await lessorIds(t)) as [number, number, number];
  });
  afterAll(() => {
    t?.dbh.close();
  });
  const orgOf = async (orgId: number) =>
    (await t.dbh.db.select().from(organisations).where(eq(organisations.id, orgId)).get())!;
  const nameOf = async (orgId: number) => (await orgOf(orgId)).name;
  /** The PDF as the server makes it: in the money of the lessor's brand. */
  const pdfOf = async (c: { id: number; lessorOrgId: number }) =>
    contractPdf(t.dbh.db, c.id, (await orgBrand(t.deps, t.dbh.db, c.lessorOrgId)).money);

  it("carries the renter's Chinese name as text, the signatures and the seal, in a small file", async () => {
    const c = await seededIn(t, huadong, 7);
    const bytes = (await pdfOf(c))!;
    const text = pdfText(bytes);
    expect(await nameOf(c.renterOrgId)).toMatch(/[\u4e00-\u9fff]/);
    // The lessor by its Chinese name, as its seal reads, never its English one; amounts in yuan.
    expect(text).toContain('华东高空作业设备租赁有限公司');
    expect(text).not.toContain((await orgOf(huadong)).nameEn);
    expect(text).not.toContain('Huadong');
    expect(text).toMatch(/押金：¥[\d,]+\.\d\d/);
    expect(text).toContain('金额（CNY）');
    expect(text).toContain(await nameOf(c.renterOrgId));
    expect(text).toContain(c.number);
    expect(text).toContain('设备租赁合同');
    expect(text).toContain('承租方签署');
    // Both signed: each signer's name and time in its box.
    const flow = (await t.dbh.db.select().from(signingFlows).where(eq(signingFlows.contractId, c.id)).get())!;
    expect(flow.lesseeSigner).not.toBe('');
    expect(text).toContain(flow.lesseeSigner);
    expect(text.match(/签署时间/g)?.length).toBe(2);
    // The seal says what it is for, as a Chinese company's contract seal does.
    expect(text).toContain('合同专用章');
    // Only the glyphs used are embedded: the font file itself is 8 MB.
    expect(bytes.length).toBeLessThan(400_000);
  }, 60_000);

  it('writes an English contract in English', async () => {
    const c = await seededIn(t, northwind, 8);
    const text = pdfText((await pdfOf(c))!);
    expect(text).toContain('Equipment Lease Contract');
    // The global brand's business bills in Australian dollars, and the document names the currency.
    expect(text).toContain((await orgOf(northwind)).nameEn);
    expect(text).toMatch(/Deposit: A\$[\d,]+\.\d\d/);
    expect(text).toMatch(/Planned rent in total: A\$[\d,]+\.\d\d/);
    expect(text).toContain('Amount (AUD)');
    expect(text).not.toMatch(/¥|yuan|CNY/);
    expect(text).toContain(await nameOf(c.renterOrgId));
    expect(text).not.toMatch(/[\u4e00-\u9fff]/);
  }, 60_000);

  it("names the renter's identity number by the document it is, in the contract's language", async () => {
    /** A seeded contract of the lessor whose renter is of this identity type and has its address in this region. */
    const contractOf = async (lessorOrgId: number, identityType: number, province: (p: string) => boolean) => {
      const rows = await t.dbh.db
        .select({ id: contracts.id, lessorOrgId: contracts.lessorOrgId, province: organisations.province })
        .from(contracts)
        .innerJoin(renters, eq(renters.orgId, contracts.renterOrgId))
        .innerJoin(organisations, eq(organisations.id, contracts.renterOrgId))
        .where(and(eq(contracts.lessorOrgId, lessorOrgId), eq(renters.identityType, identityType)))
        .orderBy(contracts.id)
        .all();
      return rows.find((r) => province(r.province))!;
    };
    // Northwind's English contract with a Sydney company: its ABN; with a Singapore company: its registration number.
    const sydney = pdfText((await pdfOf(await contractOf(northwind, 2, (p) => p === 'New South Wales')))!);
    expect(sydney).toMatch(/ABN: \d{2} \d{3} \d{3} \d{3}/);
    expect(sydney).not.toMatch(/Registration number|credit code|ID card/i);
    const singapore = pdfText((await pdfOf(await contractOf(northwind, 2, (p) => p === 'Singapore')))!);
    expect(singapore).toContain('Company registration number: ');
    expect(singapore).not.toMatch(/ABN|credit code/);
    // Huadong's Chinese contract with a Shanghai company: its unified social credit code.
    const shanghai = pdfText((await pdfOf(await contractOf(huadong, 2, (p) => /\p{Script=Han}/u.test(p))))!);
    expect(shanghai).toMatch(/统一社会信用代码：[0-9A-Z]{18}/);
  }, 60_000);

  it("names the lessor on the contract's page in the contract's language, whatever the console's", async () => {
    const c = await seededIn(t, huadong, 7);
    for (const lang of ['zh_CN', 'en_US'] as const) {
      const page = await t.call(leaseContractEndpoints.detail, {
        token: await t.tokenFor(ROLE.lessorAdmin),
        lang,
        query: { id: c.id },
      });
      expect(page.data.lessorName).toBe('华东高空作业设备租赁有限公司');
    }
  });

  it('answers nothing for a contract that does not exist', async () => {
    expect(await pdfOf({ id: 999_999, lessorOrgId: huadong })).toBeNull();
  });
});

/**
 * Contracts signed at the simulated provider as people sign them, each on a model of the company's own whose name
 * is too long for the table's column: the document wraps it, prints the signing times on the lessor's clock, and
 * an English document carries no Chinese, its seal included.
 */
describe('the signed contract PDF', () => {
  let f: SigningFixture;
  const A4_HEIGHT = 841.89;
  const LONG_ZH = 'XL-4700 曲臂式高空作业平台（带飞臂、支腿及安全笼）';
  beforeAll(async () => {
    f = await signingFixture();
  });
  afterAll(async () => {
    await f?.close();
  });

  const adminOf = async (orgId: number) => {
    const { t } = f;
    const admin = (await t.dbh.db
      .select({ mobile: users.mobile })
      .from(users)
      .where(and(eq(users.orgId, orgId), eq(users.roleId, ROLE.lessorAdmin)))
      .get())!;
    return t.tokenForAccount(admin.mobile);
  };
  const status = async (id: number) =>
    (await f.t.dbh.db.select({ status: contracts.status }).from(contracts).where(eq(contracts.id, id)).get())!.status;

  /** The company's administrator writes an English contract on its long-named model, approves it, both sign. */
  async function signedEnglishContract(lessorOrgId: number) {
    const { t } = f;
    const token = await adminOf(lessorOrgId);
    const model = await t.call(deviceModelEndpoints.create, {
      token,
      body: {
        // Registered under its Chinese name, kept in English too.
        name: LONG_ZH,
        nameZh: LONG_ZH,
        nameEn: LONG_EN,
        category: 'aerialPlatform',
        image: '/machine-kinds/aerialPlatform.svg',
      },
    });
    expect(model.status, model.message).toBe('200');
    // The store has two machines of it: a contract's model line holds that many for its days (decision 069).
    const storeId = await storeOf(t, lessorOrgId);
    const deviceIds: number[] = [];
    for (const n of [1, 2]) {
      const machine = await t.call(deviceEndpoints.create, {
        token,
        body: { serialNumber: `XL4700-${lessorOrgId}-${n}`, modelId: model.data.id },
      });
      expect(machine.status, machine.message).toBe('200');
      deviceIds.push(machine.data.id);
    }
    const placed = await t.call(partyEndpoints.storeAddMachines, { token, body: { storeId, deviceIds } });
    expect(placed.status, placed.message).toBe('200');
    const created = await t.call(leaseContractEndpoints.create, {
      token,
      body: {
        renterId: await renterOf(t, lessorOrgId, 'clear'),
        storeId,
        startOn: '2027-03-01',
        endOn: '2027-03-20',
        siteAddress: '380 Church Street',
        lang: 'en',
        lines: [{ modelId: model.data.id, count: 2, businessModel: 22, dayCents: 30_000, monthCents: 600_000 }],
      },
    });
    expect(created.status, created.message).toBe('200');
    const id = created.data.id;
    for (const action of ['submit', 'approve']) {
      const moved = await t.call(leaseContractEndpoints.move, { token, loose: { body: { id, action } } });
      expect(moved.status, `${action}: ${moved.message}`).toBe('200');
    }
    // The parties type their own names on the provider's pages.
    const pages = await f.startSigning(id);
    await signOnPage(pages.lesseeUrl, 'Jane Citizen');
    await eventually(`contract ${id} signed by the lessee`, async () => (await status(id)) === 6 || undefined);
    await signOnPage(pages.lessorUrl, 'Sam Taylor');
    await eventually(`contract ${id} in execution`, async () => (await status(id)) === 7 || undefined);
    const money = (await orgBrand(t.deps, t.dbh.db, lessorOrgId)).money;
    const bytes = (await contractPdf(t.dbh.db, id, money))!;
    const flow = (await t.dbh.db.select().from(signingFlows).where(eq(signingFlows.contractId, id)).get())!;
    // Regions of the page as the template places them: the table's machine column, the seal's box.
    const fields = (await contractDocument(t.dbh.db, id, money))!.fields;
    const table = fields.find((field) => field.name === 'lines')!;
    const seal = fields.find((field) => field.name === 'lessorSeal')!;
    const column = (share: number) => table.x + share * (table.width || 483);
    const machineColumn = {
      x: column(LINE_COLUMNS[1]),
      y: A4_HEIGHT - table.y,
      W: column(LINE_COLUMNS[2]) - column(LINE_COLUMNS[1]),
      H: table.height,
    };
    const sealBox = { x: seal.x, y: A4_HEIGHT - seal.y - seal.height, W: seal.width, H: seal.height };
    return {
      text: pdfText(bytes),
      machines: regionText(bytes, machineColumn),
      seal: regionText(bytes, sealBox),
      flow,
    };
  }

  it('wraps a long machine name whole and prints the signing times on the Australian company’s clock', async () => {
    const northwind = (await lessorIds(f.t))[2]!;
    const zone = await orgTimeZone(f.t.dbh.db, northwind);
    expect(zone).toBe('Australia/Sydney');
    const { text, machines, flow } = await signedEnglishContract(northwind);
    expect(machines).toContain(`${LONG_EN} × 2`);
    // Sydney's wall clock, as the parties saw it, with its zone; never UTC.
    const onItsClock = (at: Date) => formatInZone(at, zone).slice(0, 16);
    expect(onItsClock(flow.lesseeSignedAt!)).not.toBe(
      flow.lesseeSignedAt!.toISOString().slice(0, 16).replace('T', ' '),
    );
    expect(text).toMatch(new RegExp(`Signed at ${onItsClock(flow.lesseeSignedAt!)} AE[DS]T`));
    expect(text).toMatch(new RegExp(`Signed at ${onItsClock(flow.lessorSignedAt!)} AE[DS]T`));
    expect(text).not.toContain('UTC');
    expect(text).toContain('Northwind Equipment Hire Pty Ltd');
    expect(text).not.toMatch(CJK);
  }, 60_000);

  it('names the model, the signing times and the seal of a Chinese company’s English contract in English', async () => {
    const huadong = (await lessorIds(f.t))[0]!;
    const zone = await orgTimeZone(f.t.dbh.db, huadong);
    const { text, machines, seal, flow } = await signedEnglishContract(huadong);
    expect(machines).toContain(`${LONG_EN} × 2`);
    expect(machines).not.toMatch(CJK);
    expect(text).toContain(`Signed at ${formatInZone(flow.lessorSignedAt!, zone).slice(0, 16)} GMT+8`);
    expect(text).not.toContain('UTC');
    // Its seal's record reads its Chinese name; the English document's seal is lettered with its English one.
    expect(seal).toMatch(/[A-Za-z]{2}/);
    expect(seal).not.toMatch(CJK);
    expect(seal).toContain('Contract seal');
  }, 60_000);
});

const LONG_OWNER = 'Harbourline Construction and Facility Services Pty Ltd';

describe('the quality certificate', () => {
  const inspection: InspectionRow = {
    id: 1,
    number: 'QC-20270301-0001',
    deviceId: 1,
    serialNumber: 'JCPT000123',
    kind: 'aerialPlatform',
    modelId: 1,
    modelName: LONG_EN,
    ownerName: LONG_OWNER,
    reason: 'newBuild',
    state: 'passed',
    inspectorId: 1,
    inspectorName: 'Sam Taylor',
    items: 1,
    judged: 1,
    failedItems: 0,
    firstPass: true,
    previousId: null,
    startedAt: '2027-03-01 09:00:00',
    finishedAt: '2027-03-01 10:00:00',
    finishedByName: 'Sam Taylor',
    retestedByName: '',
    retestedAt: '',
    remark: '',
  };
  const note = 'Guard rails, gate latch and toe boards checked on all four sides';

  it('wraps a long model, owner and note within their columns instead of running over the next', async () => {
    const bytes = await certificatePdf({
      lang: 'en',
      maker: 'LiftGo Equipment Rental Ltd.',
      inspection,
      items: [{ position: 0, title: 'Guard rails', check: 'manual', min: null, max: null, unit: '', value: '', note }],
      issuedAt: '2027-03-01 10:05:00',
    });
    // The facts' left half (up to the right column at 48 + 250) holds the model and the owner whole.
    const left = regionText(bytes, { x: 0, y: 0, W: 48 + 250 - 2, H: 300 });
    expect(left).toContain(`Model: ${LONG_EN}`);
    expect(left).toContain(`Owner: ${LONG_OWNER}`);
    // The measured column (70 % to 88 % of the width between the margins) holds the whole note.
    const width = 595.28 - 96;
    const measured = regionText(bytes, { x: 48 + 0.7 * width, y: 200, W: 0.18 * width - 2, H: 500 });
    expect(measured).toContain(note);
  });
});

describe('the monthly usage statement', () => {
  const bills = Array.from({ length: 8 }, (_, i) => `BL-20270331-${String(i + 1).padStart(4, '0')}`);
  const statement: UsageStatement = {
    lang: 'en',
    money: CNY,
    contractNumber: 'LC-20270101-0001',
    lessorName: 'Huadong Aerial Work Equipment Leasing Co., Ltd.',
    renterName: `${LONG_OWNER}, ${LONG_OWNER}, ${LONG_OWNER}`,
    storeName: 'Parramatta Depot',
    month: '2027-03',
    days: ['2027-03-01'],
    machines: [{ deviceId: 1, serialNumber: 'JCPT000123', hours: new Map([['2027-03-01', 6.5]]) }],
    billed: [{ deviceId: 1, serialNumber: 'JCPT000123', days: 31, amountCents: 930_000, bills: bills.join(', ') }],
  };

  it('wraps a long renter name and a month of bill numbers within the page', async () => {
    const text = pdfText(await renderUsageStatement(statement)).replace(/\s+/g, ' ');
    expect(text).toContain(`Renter: ${statement.renterName}`);
    for (const bill of bills) expect(text).toContain(bill);
  });
});
