import { desc, eq } from 'drizzle-orm';
import type { Db } from '@console/db/client';
import { organisations } from '@console/db/schema/accounts';
import { deviceModels, devices } from '@console/db/schema/devices';
import { contractLines, contracts, renters, stores } from '@console/db/schema/lease';
import { esignTemplates, seals, signingFlows } from '@console/db/schema/lease-esign';
import { DEFAULT_TEMPLATE_FIELDS, type TemplateField } from '@console/contract/lease/template';
import { and } from 'drizzle-orm';
import type { MoneyFormat } from '@console/contract/codes/money';
import { nameIn } from '../../lib/org-brand.ts';

const partyName = (org: Parameters<typeof nameIn>[0] | undefined, lang: 'zh' | 'en') => (org ? nameIn(org, lang) : '');

/** Everything the contract's document shows, read once (render.ts draws it). */
export interface ContractDocument {
  lang: 'zh' | 'en';
  /** The lessor's brand's currency and number format (decision 064). */
  money: MoneyFormat;
  number: string;
  lessorName: string;
  renterName: string;
  renterIdentityType: number;
  renterIdNumber: string;
  storeName: string;
  startOn: string;
  endOn: string;
  siteAddress: string;
  depositCents: number;
  billingDay: number;
  dueDays: number;
  totalCents: number;
  remark: string;
  lines: {
    machine: string;
    count: number;
    businessModel: number;
    dayCents: number | null;
    monthCents: number | null;
    amountCents: number;
  }[];
  fields: TemplateField[];
  /** The template's own PDF (an upload), drawn on; null for the built-in A4 layout. */
  baseUpload: string | null;
  lessee: { signer: string; at: Date } | null;
  lessor: { signer: string; at: Date; sealText: string } | null;
}

export function contractDocument(db: Db, contractId: number, money: MoneyFormat): ContractDocument | null {
  const c = db.select().from(contracts).where(eq(contracts.id, contractId)).get();
  if (!c) return null;
  const org = (id: number) => db.select().from(organisations).where(eq(organisations.id, id)).get();
  const renter = db.select().from(renters).where(eq(renters.orgId, c.renterOrgId)).get();
  const store = db.select().from(stores).where(eq(stores.id, c.storeId)).get();
  const lines = db
    .select({
      line: contractLines,
      serial: devices.serialNumber,
      deviceModel: devices.hostType,
      model: deviceModels.name,
    })
    .from(contractLines)
    .leftJoin(devices, eq(devices.id, contractLines.deviceId))
    .leftJoin(deviceModels, eq(deviceModels.id, contractLines.modelId))
    .where(eq(contractLines.contractId, contractId))
    .orderBy(contractLines.id)
    .all();
  const template =
    (c.templateId !== null
      ? db.select().from(esignTemplates).where(eq(esignTemplates.id, c.templateId)).get()
      : db
          .select()
          .from(esignTemplates)
          .where(and(eq(esignTemplates.orgId, c.lessorOrgId), eq(esignTemplates.isDefault, true)))
          .get()) ?? null;
  const flow = db
    .select()
    .from(signingFlows)
    .where(eq(signingFlows.contractId, contractId))
    .orderBy(desc(signingFlows.id))
    .get();
  const seal = flow?.sealId ? db.select().from(seals).where(eq(seals.id, flow.sealId)).get() : undefined;
  const site = [c.siteProvince, c.siteCity === c.siteProvince ? '' : c.siteCity, c.siteDistrict, c.siteAddress];
  return {
    lang: c.lang,
    money,
    number: c.number,
    // Each party by its name in the contract's language: no English name on a Chinese contract (decision 064).
    lessorName: partyName(org(c.lessorOrgId), c.lang),
    renterName: partyName(org(c.renterOrgId), c.lang),
    renterIdentityType: renter?.identityType ?? 2,
    renterIdNumber: renter?.idNumber ?? '',
    storeName: store?.name ?? '',
    startOn: c.startOn,
    endOn: c.endOn,
    siteAddress: c.lang === 'zh' ? site.join('') : [...site].reverse().filter(Boolean).join(', '),
    depositCents: c.depositCents,
    billingDay: c.billingDay,
    dueDays: c.dueDays,
    totalCents: c.totalCents,
    remark: c.remark,
    lines: lines.map(({ line, serial, deviceModel, model }) => ({
      machine: serial ? `${serial} ${deviceModel ?? ''}`.trim() : (model ?? ''),
      count: line.count,
      businessModel: line.businessModel,
      dayCents: line.dayCents,
      monthCents: line.monthCents,
      amountCents: line.amountCents,
    })),
    fields: template?.fields ?? DEFAULT_TEMPLATE_FIELDS,
    baseUpload: template?.baseUpload ?? null,
    lessee: flow?.lesseeSignedAt ? { signer: flow.lesseeSigner, at: flow.lesseeSignedAt } : null,
    lessor: flow?.lessorSignedAt
      ? { signer: flow.lessorSigner, at: flow.lessorSignedAt, sealText: seal?.sealText ?? '' }
      : null,
  };
}
