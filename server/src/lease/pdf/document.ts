import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '@console/db/client';
import { organisations } from '@console/db/schema/accounts';
import { deviceModels, devices } from '@console/db/schema/devices';
import { contractLines, contracts, renters, stores } from '@console/db/schema/lease';
import { esignTemplates, seals, signingFlows } from '@console/db/schema/lease-esign';
import { DEFAULT_TEMPLATE_FIELDS, type TemplateField } from '@console/contract/lease/template';
import { addressText } from '@console/contract/formats/address';
import { and } from 'drizzle-orm';
import type { MoneyFormat } from '@console/contract/codes/money';
import { partyDocumentLabel, type IdentityLabels } from '@console/contract/lease/renter-identity';
import { nameIn, nameInSql } from '../../lib/org-brand.ts';
import { orgTimeZone } from '../../lib/org-day.ts';
import { termsForDocument } from '../../terms/terms.ts';

const partyName = (org: Parameters<typeof nameIn>[0] | undefined, lang: 'zh' | 'en') => (org ? nameIn(org, lang) : '');

/** Everything the contract's document shows, read once (render.ts draws it). */
export interface ContractDocument {
  lang: 'zh' | 'en';
  /** The lessor's brand's currency and number format (decision 064). */
  money: MoneyFormat;
  number: string;
  /** The lessor's zone (its calendar, lib/org-day.ts): the signing times are its wall-clock times. */
  timeZone: string;
  lessorName: string;
  renterName: string;
  renterIdentityType: number;
  renterIdNumber: string;
  /** The document the renter's number is, by the renter's country (an ABN, a credit code, ...). */
  renterIdLabel: IdentityLabels['idNumber'];
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
    /** Hours included (tenths) and the overtime price per hour, or null (decision 070). */
    allowanceTenths: number | null;
    overtimeCents: number | null;
    amountCents: number;
  }[];
  fields: TemplateField[];
  /** The template's own PDF (an upload), drawn on; null for the built-in A4 layout. */
  baseUpload: string | null;
  lessee: { signer: string; at: Date } | null;
  /** `sealText`: the lessor's name in the contract's language, as the seal on this document reads. */
  lessor: { signer: string; at: Date; sealText: string } | null;
  /** The terms and conditions it carries, in its language (decision 078), printed after the contract's own pages. */
  terms: { version: number; title: string; body: string } | null;
}

export async function contractDocument(
  db: Db,
  contractId: number,
  money: MoneyFormat,
  /** The terms version to print instead of the one the contract carries (the one it is being sent with). */
  termsVersionId?: number | null,
): Promise<ContractDocument | null> {
  const c = await db.select().from(contracts).where(eq(contracts.id, contractId)).get();
  if (!c) return null;
  const org = (id: number) => db.select().from(organisations).where(eq(organisations.id, id)).get();
  const renter = await db.select().from(renters).where(eq(renters.orgId, c.renterOrgId)).get();
  const store = await db.select().from(stores).where(eq(stores.id, c.storeId)).get();
  const lines = await db
    .select({
      line: contractLines,
      serial: devices.serialNumber,
      hostType: devices.hostType,
      model: nameInSql(deviceModels, c.lang),
    })
    .from(contractLines)
    .leftJoin(devices, eq(devices.id, contractLines.deviceId))
    // A machine's line names the machine's model, a model's line its model: in the contract's language either way.
    .leftJoin(deviceModels, eq(deviceModels.id, sql`coalesce(${contractLines.modelId}, ${devices.modelId})`))
    .where(eq(contractLines.contractId, contractId))
    .orderBy(contractLines.id)
    .all();
  const template =
    (c.templateId !== null
      ? await db.select().from(esignTemplates).where(eq(esignTemplates.id, c.templateId)).get()
      : await db
          .select()
          .from(esignTemplates)
          .where(and(eq(esignTemplates.orgId, c.lessorOrgId), eq(esignTemplates.isDefault, true)))
          .get()) ?? null;
  const flow = await db
    .select()
    .from(signingFlows)
    .where(eq(signingFlows.contractId, contractId))
    .orderBy(desc(signingFlows.id))
    .get();
  const seal = flow?.sealId ? await db.select().from(seals).where(eq(seals.id, flow.sealId)).get() : undefined;
  const lessorName = partyName(await org(c.lessorOrgId), c.lang);
  const renterOrg = await org(c.renterOrgId);
  return {
    lang: c.lang,
    money,
    number: c.number,
    timeZone: await orgTimeZone(db, c.lessorOrgId),
    // Each party by its name in the contract's language: no English name on a Chinese contract (decision 064).
    lessorName,
    renterName: partyName(renterOrg, c.lang),
    renterIdentityType: renter?.identityType ?? 2,
    renterIdNumber: renter?.idNumber ?? '',
    renterIdLabel: partyDocumentLabel(renter?.identityType ?? 2, { province: renterOrg?.province }),
    storeName: store?.name ?? '',
    startOn: c.startOn,
    endOn: c.endOn,
    siteAddress: addressText(
      { province: c.siteProvince, city: c.siteCity, district: c.siteDistrict, address: c.siteAddress },
      { document: true },
    ),
    depositCents: c.depositCents,
    billingDay: c.billingDay,
    dueDays: c.dueDays,
    totalCents: c.totalCents,
    remark: c.remark,
    lines: lines.map(({ line, serial, hostType, model }) => ({
      machine: serial ? `${serial} ${model || hostType || ''}`.trim() : model,
      count: line.count,
      businessModel: line.businessModel,
      dayCents: line.dayCents,
      monthCents: line.monthCents,
      allowanceTenths: line.allowanceTenths,
      overtimeCents: line.overtimeCents,
      amountCents: line.amountCents,
    })),
    fields: template?.fields ?? DEFAULT_TEMPLATE_FIELDS,
    baseUpload: template?.baseUpload ?? null,
    lessee: flow?.lesseeSignedAt ? { signer: flow.lesseeSigner, at: flow.lesseeSignedAt } : null,
    lessor: flow?.lessorSignedAt
      ? // The seal the lessor signed with, lettered with its name in the document's language: the seal record's
        // text is the registered (often Chinese) one, which an English document must not carry.
        { signer: flow.lessorSigner, at: flow.lessorSignedAt, sealText: seal ? lessorName : '' }
      : null,
    terms: await termsForDocument(db, c, termsVersionId),
  };
}
