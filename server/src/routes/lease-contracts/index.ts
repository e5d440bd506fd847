import { and, count, desc, eq, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Dialect } from '@console/db/dialect';
import type { Db } from '@console/db/client';
import { alias } from 'drizzle-orm/sqlite-core';
import { organisations, users } from '@console/db/schema/accounts';
import { deviceModels, devices } from '@console/db/schema/devices';
import { contractFiles, contractLines, contracts, renters, stores } from '@console/db/schema/lease';
import {
  allowedActions,
  canEdit,
  canReschedule,
  HOLDING_STATUSES,
  LEASE_STATUS,
} from '@console/contract/codes/lease-flow';
import { addressText } from '@console/contract/formats/address';
import { LESSOR_ROLES } from '@console/contract/codes/roles';
import {
  leaseContractEndpoints as api,
  USER_ACTIONS,
  type ContractDetail,
  type ContractRow,
  type UserAction,
} from '@console/contract/http/lease-contracts';
import { fileUrl } from '@console/contract/http/uploads';
import { API_STATUS } from '@console/contract/http/envelope';
import type { Scope, ScopedData } from '../../lib/data.ts';
import { ApiError } from '../../lib/errors.ts';
import { listPage, sortDirection } from '../../lib/list-page.ts';
import { route, type RouteDef } from '../../lib/route.ts';
import { keywordIn, textContains } from '../../lib/search.ts';
import type { SessionUser } from '../../lib/session.ts';
import { sortColumn } from '../../lib/sorting.ts';
import { formatInZone } from '../../lib/time.ts';
import { readStoredFile } from '../../lib/uploads.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { moneyOfOrgs } from '../../lib/currencies.ts';
import { asActor, contractsVisibleTo, visibleContract, visibleOfKind, writesContracts } from '../../lease/access.ts';
import { createDraft, updateDraft } from '../../lease/drafts.ts';
import { createEsignClient, esignSettings } from '../../lease/esign-client.ts';
import {
  attachFile,
  hasEnded,
  issueExportLink,
  linkedContract as openLinked,
  openPublicLinks,
  revokeExportLinks,
  revokesLinks,
} from '../../lease/files.ts';
import { contractPdf } from '../../lease/pdf/contract-pdf.ts';
import { managerReasonList } from '../../lease/approval.ts';
import { approve, cancel, close, reject, submit, terminate, withdraw } from '../../lease/review.ts';
import { runArrearsLocks } from '../../risk/arrears.ts';
import { askSigning, cancelSigning, currentFlow, startSigning, type SigningDeps } from '../../lease/signing.ts';
import { eventRows, presentEvents, ruleNameOf, sealsFor, signingOf } from './detail-parts.ts';
import { nameInSql, orgBrand, orgNameIn } from '../../lib/org-brand.ts';

/** The detail's parts a contract change's detail shows alike (decision 041). */
export { eventRows, presentEvents, ruleNameOf, sealsFor, signingOf };

type Contract = typeof contracts.$inferSelect;
const renterOrg = alias(organisations, 'renter_org');

/** The contracts this person sees (decision 029's rule), inside their organisations' scope (decision 028). */
function contractScope(data: ScopedData, user: SessionUser): Scope | null {
  const visible = contractsVisibleTo(user);
  if (visible === false) return null;
  return data.narrow(data.orgScope(contracts.lessorOrgId, contracts.renterOrgId), visible);
}

/** The list's filters other than the status. */
function filtersOf(
  dialect: Dialect,
  query: {
    keyword?: string;
    businessModel?: number;
    renterId?: number;
    storeId?: number;
    salespersonId?: number;
    serial?: string;
    startFrom?: string;
    startTo?: string;
  },
): SQL | undefined {
  return and(
    keywordIn(dialect, [contracts.number, renterOrg.name, contracts.siteAddress], query.keyword),
    query.businessModel === undefined
      ? undefined
      : sql`exists (select 1 from ${contractLines} where ${contractLines.contractId} = ${contracts.id} and ${contractLines.businessModel} = ${query.businessModel})`,
    query.renterId === undefined ? undefined : eq(contracts.renterOrgId, query.renterId),
    query.storeId === undefined ? undefined : eq(contracts.storeId, query.storeId),
    query.salespersonId === undefined ? undefined : eq(contracts.salespersonId, query.salespersonId),
    query.serial
      ? sql`exists (select 1 from ${contractLines} join ${devices} on ${devices.id} = ${contractLines.deviceId} where ${contractLines.contractId} = ${contracts.id} and ${textContains(dialect, devices.serialNumber, query.serial)})`
      : undefined,
    query.startFrom ? sql`${contracts.startOn} >= ${query.startFrom}` : undefined,
    query.startTo ? sql`${contracts.startOn} <= ${query.startTo}` : undefined,
  );
}

const userMoves = (c: Contract, user: SessionUser): UserAction[] =>
  allowedActions(c, asActor(user)).filter((a): a is UserAction => (USER_ACTIONS as readonly string[]).includes(a));

const rowFields = {
  contract: contracts,
  renterName: renterOrg.name,
  storeName: stores.name,
  salespersonName: sql<string>`coalesce(nullif(${users.name}, ''), ${users.nickname}, '')`,
};

function readRows(data: ScopedData, scope: Scope) {
  return data
    .select(rowFields)
    .from(contracts, scope)
    .leftJoin(renterOrg, eq(renterOrg.id, contracts.renterOrgId))
    .leftJoin(stores, eq(stores.id, contracts.storeId))
    .leftJoin(users, eq(users.id, contracts.salespersonId));
}

type ReadRow = { contract: Contract; renterName: string | null; storeName: string | null; salespersonName: string };

async function present(
  data: ScopedData,
  user: SessionUser,
  rows: ReadRow[],
  timeZone: string,
  /** Each lessor's money: a contract is in its lessor's brand's currency (decision 064). */
  moneyOf: (lessorOrgId: number) => ContractRow['money'],
): Promise<ContractRow[]> {
  const ids = rows.map((r) => r.contract.id);
  const lines =
    ids.length === 0
      ? []
      : await data
          .unscoped('alreadyScoped')
          .select({ contractId: contractLines.contractId, model: contractLines.businessModel, n: contractLines.count })
          .from(contractLines)
          .where(inArray(contractLines.contractId, ids))
          .all();
  return rows.map(({ contract: c, renterName, storeName, salespersonName }) => {
    const own = lines.filter((l) => l.contractId === c.id);
    return {
      id: c.id,
      number: c.number,
      status: c.status,
      renterId: c.renterOrgId,
      renterName: renterName ?? '',
      storeName: storeName ?? '',
      salespersonName: salespersonName ?? '',
      siteAddress: c.siteAddress,
      site: addressText({
        province: c.siteProvince,
        city: c.siteCity,
        district: c.siteDistrict,
        address: c.siteAddress,
      }),
      startOn: c.startOn,
      endOn: c.endOn,
      totalCents: c.totalCents,
      businessModels: [...new Set(own.map((l) => l.model))].sort(),
      machineCount: own.reduce((s, l) => s + l.n, 0),
      createdAt: formatInZone(c.createdAt, timeZone),
      actions: userMoves(c, user),
      editable: canEdit(c, asActor(user)),
      money: moneyOf(c.lessorOrgId),
    };
  });
}

const SORTS = {
  number: contracts.number,
  startOn: contracts.startOn,
  endOn: contracts.endOn,
  totalCents: contracts.totalCents,
  createdAt: contracts.createdAt,
};

const emptyPage = (query: { page: number; pageSize: number }) => ({
  list: [],
  total: 0,
  page: query.page,
  pageSize: query.pageSize,
});

/** The signing deps of the domain: the provider's adapter from the environment, the stored uploads. */
export const signingDeps = (data: ScopedData, deps: AppDeps): SigningDeps => {
  const settings = esignSettings(deps.env);
  return {
    db: data.unscoped('domainRule'),
    esign: createEsignClient(settings, deps.now),
    settings,
    now: deps.now,
    readUpload: (name) => readStoredFile(deps, name),
    moneyOf: async (lessorOrgId) => (await orgBrand(deps, data.unscoped('domainRule'), lessorOrgId)).money,
  };
};

/**
 * A contract's lines with the machine's serial and the model's name, in the order they were written. The model is
 * named in the contract's language, as its parties are on the contract's page and in its document (decision 064).
 */
async function linesOf(db: Db, contractId: number, lang: 'zh' | 'en') {
  return (
    await db
      .select({ line: contractLines, serial: devices.serialNumber, model: nameInSql(deviceModels, lang) })
      .from(contractLines)
      .leftJoin(devices, eq(devices.id, contractLines.deviceId))
      .leftJoin(deviceModels, eq(deviceModels.id, contractLines.modelId))
      .where(eq(contractLines.contractId, contractId))
      .orderBy(contractLines.id)
      .all()
  ).map(({ line, serial, model }) => ({
    id: line.id,
    deviceId: line.deviceId,
    serialNumber: serial ?? '',
    modelId: line.modelId,
    modelName: model ?? '',
    count: line.count,
    businessModel: line.businessModel,
    dayCents: line.dayCents,
    monthCents: line.monthCents,
    allowanceTenths: line.allowanceTenths,
    overtimeCents: line.overtimeCents,
    amountCents: line.amountCents,
    fromOn: line.fromOn,
    untilOn: line.untilOn,
  }));
}

async function detailOf(
  deps: AppDeps,
  data: ScopedData,
  user: SessionUser,
  id: number,
  timeZone: string,
  now: number,
): Promise<ContractDetail> {
  const db = data.unscoped('domainRule');
  const c = await visibleOfKind(db, user, id, 'contract');
  const row = (await readRows(data, contractScope(data, user)!).where(eq(contracts.id, c.id)).get())!;
  const [base] = await present(data, user, [row], timeZone, await moneyOfOrgs(deps, db));
  const events = await eventRows(db, id);
  const files = await db
    .select()
    .from(contractFiles)
    .where(eq(contractFiles.contractId, id))
    .orderBy(contractFiles.kind, contractFiles.id)
    .all();
  const rule = ruleNameOf(c, events);
  const isLessor = user.orgKind === 'lessor' && user.orgId === c.lessorOrgId;
  return {
    ...base!,
    lessorName: await orgName(data, c.lessorOrgId, c.lang),
    storeId: c.storeId,
    salespersonId: c.salespersonId,
    siteProvince: c.siteProvince,
    siteCity: c.siteCity,
    siteDistrict: c.siteDistrict,
    depositCents: c.depositCents,
    billingDay: c.billingDay,
    dueDays: c.dueDays,
    remark: c.remark,
    lang: c.lang,
    templateId: c.templateId,
    endedOn: c.endedOn,
    ruleName: rule,
    lines: await linesOf(db, id, c.lang),
    events: presentEvents(events, timeZone),
    files: files.map((f) => ({
      id: f.id,
      kind: f.kind,
      fileName: f.fileName,
      url: fileUrl(f.uploadName),
      createdAt: formatInZone(f.createdAt, timeZone),
    })),
    signing: await signingOf(db, c, isLessor, timeZone),
    seals: await sealsFor(data, user, c),
    canAttach: isLessor && writesContracts(user),
    changes: await changesOf(data, user, c.id),
    canChange: isLessor && writesContracts(user) && c.status === LEASE_STATUS.inExecution,
    movable: c.kind === 'contract' && canReschedule(c, asActor(user)),
    publicLinks: await openPublicLinks(db, c, now),
    canMakeLink: !hasEnded(c.status),
    canRevokeLinks: revokesLinks(user, c),
  };
}

/** A contract's changes this person sees (the change record's own rule), newest first. */
async function changesOf(data: ScopedData, user: SessionUser, contractId: number) {
  const visible = contractsVisibleTo(user, 'change');
  if (visible === false) return [];
  return data
    .select({ id: contracts.id, number: contracts.number, status: contracts.status, effectiveOn: contracts.startOn })
    .from(contracts, data.narrow(data.orgScope(contracts.lessorOrgId, contracts.renterOrgId), visible))
    .where(eq(contracts.changeOf, contractId))
    .orderBy(desc(contracts.id))
    .all();
}

/** A party of a contract by its name in the contract's language (decision 064), as its document names it. */
const orgName = (data: ScopedData, id: number, lang: 'zh' | 'en') =>
  orgNameIn(data.unscoped('referencedNames'), id, lang);

/**
 * Drawn PDFs, a few minutes each, by contract and the moment it or its signing last changed: a render takes seconds
 * (decision 029), and a detail page, its public link and a retried download ask for the same document.
 */
const PDF_CACHE_MS = 5 * 60_000;
const pdfCaches = new WeakMap<object, Map<string, { at: number; bytes: Uint8Array }>>();

async function pdfFile(data: ScopedData, deps: AppDeps, c: Contract) {
  const db = data.unscoped('alreadyScoped');
  const flow = await currentFlow(db, c.id);
  const key = `${c.id}:${c.updatedAt.getTime()}:${flow?.updatedAt.getTime() ?? 0}`;
  // One cache per database (each test app has its own).
  let pdfCache = pdfCaches.get(db);
  if (!pdfCache) pdfCaches.set(db, (pdfCache = new Map()));
  const now = Date.now();
  for (const [k, v] of pdfCache) if (now - v.at > PDF_CACHE_MS) pdfCache.delete(k);
  let bytes = pdfCache.get(key)?.bytes ?? null;
  if (!bytes) {
    bytes = await contractPdf(db, c.id, (await orgBrand(deps, db, c.lessorOrgId)).money, (name) =>
      readStoredFile(deps, name),
    );
    if (!bytes) throw new ApiError(API_STATUS.notFound, 'error.notFound');
    if (pdfCache.size >= 64) pdfCache.delete(pdfCache.keys().next().value!);
    pdfCache.set(key, { at: now, bytes });
  }
  return { fileName: `${c.number}.pdf`, mimeType: 'application/pdf', content: Buffer.from(bytes).toString('base64') };
}

/** A download link lasts ten minutes: long enough to fetch the PDF, too short to pass around. */
const DOWNLOAD_LINK_HOURS = 1 / 6;

/**
 * The contract a link opens and when the link expires, or the clear refusal the export page shows (a wrong, expired
 * or revoked link; a public link of a contract that has ended).
 */
async function linkedContract(
  data: ScopedData,
  token: string,
  now: number,
  use: 'view' | 'pdf',
): Promise<Contract & { linkExpiresAt: Date }> {
  const { contract, expiresAt } = await openLinked(data.unscoped('publicLink'), token, now, use);
  return { ...contract, linkExpiresAt: expiresAt };
}

export const leaseContractRoutes: RouteDef[] = [
  route(api.list, async ({ query, user, data, deps, timeZone }) => {
    const scope = contractScope(data, user);
    if (!scope) return emptyPage(query);
    const where = and(
      filtersOf(data.dialect, query),
      query.status === undefined ? undefined : eq(contracts.status, query.status),
    );
    const column = sortColumn(SORTS, query.sortField) ?? contracts.createdAt;
    const { rows, ...paging } = await listPage(data, query, readRows(data, scope).where(where), [
      sortDirection(query)(column),
      desc(contracts.id),
    ]);
    const moneyOf = await moneyOfOrgs(deps, data.unscoped('alreadyScoped'));
    return { list: await present(data, user, rows as ReadRow[], timeZone, moneyOf), ...paging };
  }),
  route(api.counts, async ({ query, user, data }) => {
    const scope = contractScope(data, user);
    if (!scope) return { total: 0, counts: [] };
    const rows = await data
      .select({ status: contracts.status, count: count() })
      .from(contracts, scope)
      .leftJoin(renterOrg, eq(renterOrg.id, contracts.renterOrgId))
      .where(filtersOf(data.dialect, query))
      .groupBy(contracts.status)
      .orderBy(contracts.status)
      .all();
    return { total: rows.reduce((s, r) => s + r.count, 0), counts: rows };
  }),
  route(api.detail, ({ query, user, data, deps, timeZone }) =>
    detailOf(deps, data, user, query.id, timeZone, deps.now()),
  ),
  route(api.options, async ({ user, data, deps }) => {
    // A new contract is the user's company's, in its brand's currency (decision 064).
    const money = (await orgBrand(deps, data.unscoped('domainRule'), user.orgId)).money;
    if (user.orgKind !== 'lessor') return { renters: [], stores: [], salespeople: [], machines: [], models: [], money };
    const own = data.orgScope(organisations.parentId);
    const renterRows = await data
      .select({ id: organisations.id, name: nameInSql(organisations, data.lang) })
      .from(organisations, own)
      .innerJoin(renters, eq(renters.orgId, organisations.id))
      .where(and(eq(organisations.parentId, user.orgId), eq(organisations.kind, 'customer')))
      .orderBy(organisations.name)
      .all();
    const storeRows = await data
      .select({ id: stores.id, name: stores.name })
      .from(stores, data.orgScope(stores.orgId))
      .where(eq(stores.orgId, user.orgId))
      .orderBy(stores.name)
      .all();
    const people = (
      await data
        .select({ id: users.id, name: users.name, nickname: users.nickname })
        .from(users, data.orgScope(users.orgId))
        .where(and(eq(users.orgId, user.orgId), inArray(users.roleId, [...LESSOR_ROLES])))
        .orderBy(users.id)
        .all()
    ).map((u) => ({ id: u.id, name: u.name || u.nickname }));
    const held = (
      await data
        .select({ id: contractLines.deviceId })
        .from(
          contractLines,
          data.within(
            contractLines.contractId,
            data.select({ id: contracts.id }).from(contracts, data.orgScope(contracts.lessorOrgId)),
          ),
        )
        .innerJoin(contracts, eq(contracts.id, contractLines.contractId))
        .where(inArray(contracts.status, [LEASE_STATUS.pendingReview, ...HOLDING_STATUSES]))
        .all()
    ).flatMap((r) => (r.id === null ? [] : [r.id]));
    const machines = (
      await data
        .select({
          id: devices.id,
          serialNumber: devices.serialNumber,
          name: devices.deviceName,
          model: nameInSql(deviceModels, data.lang),
          modelId: devices.modelId,
        })
        .from(devices, data.deviceScope())
        .leftJoin(deviceModels, eq(deviceModels.id, devices.modelId))
        .where(
          and(
            eq(devices.orgId, user.orgId),
            eq(devices.leaseStatus, 'stock'),
            held.length > 0 ? notInArray(devices.id, held) : undefined,
          ),
        )
        .orderBy(devices.serialNumber)
        .limit(2000)
        .all()
    ).map((m) => ({
      id: m.id,
      name: m.name || m.serialNumber,
      serialNumber: m.serialNumber,
      modelName: m.model ?? '',
      modelId: m.modelId,
    }));
    const models = await data
      .select({ id: deviceModels.id, name: nameInSql(deviceModels, data.lang) })
      .from(deviceModels, data.orgScope(deviceModels.orgId))
      .where(eq(deviceModels.orgId, user.orgId))
      .orderBy(nameInSql(deviceModels, data.lang))
      .all();
    return { renters: renterRows, stores: storeRows, salespeople: people, machines, models, money };
  }),
  route(api.create, ({ body, user, data, deps }) =>
    createDraft(data.unscoped('domainRule'), user, body, deps.now(), { lang: data.lang }),
  ),
  route(api.update, async ({ query, body, user, data, deps }) => {
    await updateDraft(data.unscoped('domainRule'), user, query.id, body, deps.now(), data.lang);
    return { id: query.id };
  }),
  route(api.move, async ({ body, user, data, deps, lang, setMessage }) => {
    const db = data.unscoped('domainRule');
    const now = deps.now();
    const { id, reason, day } = body;
    const none = { ruleName: null, held: null, signing: null };
    switch (body.action) {
      case 'submit': {
        const money = (await orgBrand(deps, db, (await visibleContract(db, user, id)).lessorOrgId)).money;
        const moved = await submit(db, user, id, now, money, data.lang);
        if (moved.rule) setMessage('lease.autoApproved', { rule: moved.rule.name });
        // Held for a manager whatever the rules say (decision 029's addendum): the submitter is told why.
        const held = moved.held?.length ? managerReasonList(lang, money, moved.held) : null;
        if (held) setMessage('lease.review.held', { reasons: held });
        return { status: moved.status, ruleName: moved.rule?.name ?? null, held, signing: null };
      }
      case 'withdraw':
        return { status: (await withdraw(db, user, id, now)).status, ...none };
      case 'approve':
        return { status: (await approve(db, user, id, now)).status, ...none };
      case 'reject':
        return { status: (await reject(db, user, id, { reason }, now)).status, ...none };
      case 'cancel':
        return { status: (await cancel(db, user, id, { reason }, now)).status, ...none };
      case 'close':
      case 'terminate': {
        const ended = await (body.action === 'close' ? close : terminate)(db, user, id, { day, reason }, now);
        // An ended contract takes no arrears step: what its arrears locked is released at once (decision 059).
        await runArrearsLocks(deps, { lessorOrgId: user.orgId });
        return { status: ended.status, ...none };
      }
      case 'startSigning': {
        const signing = await startSigning(signingDeps(data, deps), user, id, { sealId: body.sealId });
        return { status: LEASE_STATUS.awaitingLesseeSign, ruleName: null, held: null, signing };
      }
      case 'cancelSigning':
        await cancelSigning(signingDeps(data, deps), user, id, { reason });
        return { status: LEASE_STATUS.awaitingSignInitiation, ...none };
    }
  }),
  route(api.askSigning, ({ body, user, data, deps }) => askSigning(signingDeps(data, deps), user, body.id)),
  route(api.attach, async ({ body, user, data, deps }) => {
    const name = body.url.slice(body.url.lastIndexOf('/') + 1);
    const id = await attachFile(data.unscoped('domainRule'), user, body.id, name, body.kind, body.fileName, deps.now());
    return { id };
  }),
  route(api.pdfLink, async ({ body, user, data, deps }) => {
    // The reader's own download: the PDF only, for minutes, at any status (a closed contract is still read).
    const db = data.unscoped('domainRule');
    const link = await issueExportLink(db, user, body.id, deps.now(), DOWNLOAD_LINK_HOURS, 'download');
    return { token: link.token };
  }),
  route(api.exportLink, async ({ body, user, data, deps, timeZone }) => {
    const link = await issueExportLink(
      data.unscoped('domainRule'),
      user,
      body.id,
      deps.now(),
      deps.env.CONTRACT_LINK_HOURS,
    );
    return { token: link.token, expiresAt: formatInZone(link.expiresAt, timeZone) };
  }),
  route(api.revokeLinks, async ({ body, user, data, deps }) => ({
    revoked: await revokeExportLinks(data.unscoped('domainRule'), user, body.id, deps.now()),
  })),
  route(api.exportView, async ({ query, data, deps, timeZone }) => {
    const now = deps.now();
    const c = await linkedContract(data, query.token, now, 'view');
    const db = data.unscoped('publicLink');
    const store = await db.select({ name: stores.name }).from(stores).where(eq(stores.id, c.storeId)).get();
    return {
      number: c.number,
      status: c.status,
      lessorName: await orgName(data, c.lessorOrgId, c.lang),
      renterName: await orgName(data, c.renterOrgId, c.lang),
      storeName: store?.name ?? '',
      siteAddress: addressText({
        province: c.siteProvince,
        city: c.siteCity,
        district: c.siteDistrict,
        address: c.siteAddress,
      }),
      startOn: c.startOn,
      endOn: c.endOn,
      depositCents: c.depositCents,
      billingDay: c.billingDay,
      dueDays: c.dueDays,
      totalCents: c.totalCents,
      remark: c.remark,
      lines: (await linesOf(db, c.id, c.lang)).map(
        ({ id: _id, deviceId: _device, modelId: _model, fromOn: _from, untilOn: _until, ...shown }) => shown,
      ),
      expiresAt: formatInZone(c.linkExpiresAt, timeZone),
      // Its lessor's currency, whichever brand's address the link is opened at (decision 064).
      money: (await orgBrand(deps, db, c.lessorOrgId)).money,
    };
  }),
  route(api.exportPdf, async ({ query, data, deps }) =>
    pdfFile(data, deps, await linkedContract(data, query.token, deps.now(), 'pdf')),
  ),
];
