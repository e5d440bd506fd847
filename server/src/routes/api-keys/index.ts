import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, inArray, isNotNull, isNull, lte, type SQL } from 'drizzle-orm';
import { API_KEY_PREFIX, apiKeyEndpoints, type ApiKeyRow, type ApiKeyState } from '@console/contract/http/api-keys';
import { organisations } from '@console/db/schema/accounts';
import { apiKeys } from '@console/db/schema/api-keys';
import { devices } from '@console/db/schema/devices';
import type { ScopedData } from '../../lib/data.ts';
import { conflict, invalidField, notFound } from '../../lib/errors.ts';
import { listPage } from '../../lib/list-page.ts';
import { userNames } from '../../lib/maintenance.ts';
import { orgTimeZone } from '../../lib/org-day.ts';
import { ORG_NAME_COLUMNS } from '../../lib/org-brand.ts';
import { route, type RouteDef } from '../../lib/route.ts';
import { orgNames } from '../../lib/scope.ts';
import { keywordIn } from '../../lib/search.ts';
import { formatInZone, startOfDayInZone } from '../../lib/time.ts';

/**
 * API keys of the signed-in administrator's own organisation (docs/decisions/068-iso-15143-3-api.md). The secret
 * leaves the server once, in create's answer; only its SHA-256 is kept, and the ISO 15143-3 API looks keys up by it.
 */

export const hashApiKey = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** The keys of the administrator's own organisation: the operator's administrator does not keep a lessor's keys. */
const ownKeys = (data: ScopedData) => data.narrow(data.orgScope(apiKeys.orgId), eq(apiKeys.orgId, data.me.orgId));

function stateIs(state: ApiKeyState | undefined, now: number): SQL | undefined {
  if (state === 'revoked') return isNotNull(apiKeys.revokedAt);
  if (state === 'expired') return and(isNull(apiKeys.revokedAt), lte(apiKeys.expiresAt, new Date(now)));
  if (state === 'active') return and(isNull(apiKeys.revokedAt), gt(apiKeys.expiresAt, new Date(now)));
  return undefined;
}

export function keyState(row: { revokedAt: Date | null; expiresAt: Date }, now: number): ApiKeyState {
  if (row.revokedAt) return 'revoked';
  return row.expiresAt.getTime() <= now ? 'expired' : 'active';
}

const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

export const apiKeyRoutes: RouteDef[] = [
  route(apiKeyEndpoints.list, async ({ data, query, deps, timeZone }) => {
    const now = deps.now();
    const rows = data
      .select()
      .from(apiKeys, ownKeys(data))
      .where(and(stateIs(query.state, now), keywordIn(data.dialect, [apiKeys.name, apiKeys.prefix], query.keyword)));
    const page = await listPage(data, query, rows, [desc(apiKeys.createdAt), desc(apiKeys.id)]);
    const customers = await orgNames(
      data,
      page.rows.map((r) => r.customerOrgId),
    );
    const people = await userNames(
      data,
      page.rows.map((r) => r.createdBy),
    );
    const at = (d: Date | null) => (d ? formatInZone(d, timeZone) : '');
    const list: ApiKeyRow[] = page.rows.map((r) => ({
      id: r.id,
      name: r.name,
      prefix: r.prefix,
      scope: r.scope,
      customerName: r.customerOrgId ? (customers.get(r.customerOrgId) ?? '') : '',
      machineCount: r.scope === 'machines' ? r.deviceIds.length : 0,
      expiresOn: r.expiresOn,
      ratePerMinute: r.ratePerMinute,
      state: keyState(r, now),
      lastUsedAt: at(r.lastUsedAt),
      requestCount: r.requestCount,
      createdByName: people.get(r.createdBy) ?? '',
      createdAt: at(r.createdAt),
      revokedAt: at(r.revokedAt),
    }));
    return { ...page, list };
  }),

  route(apiKeyEndpoints.choices, async ({ data, query }) => {
    const customers = await data
      .select({ id: organisations.id })
      .from(organisations, data.orgScope(organisations.id))
      .where(and(eq(organisations.kind, 'customer'), keywordIn(data.dialect, ORG_NAME_COLUMNS, query.keyword)))
      .orderBy(organisations.id)
      .limit(50)
      .all();
    const names = await orgNames(
      data,
      customers.map((c) => c.id),
    );
    const machines = await data
      .select({ id: devices.id, serialNumber: devices.serialNumber, name: devices.deviceName })
      .from(devices, data.deviceScope())
      .where(keywordIn(data.dialect, [devices.serialNumber, devices.deviceName, devices.hostName], query.keyword))
      .orderBy(devices.id)
      .limit(50)
      .all();
    return { customers: customers.map((c) => ({ id: c.id, name: names.get(c.id) ?? '' })), machines };
  }),

  route(apiKeyEndpoints.create, async ({ data, body, today, deps }) => {
    const me = data.me;
    if (body.expiresOn < today()) throw invalidField('expiresOn', 'apiKeys.expiryPast');
    const zone = await orgTimeZone(data.unscoped('domainRule'), me.orgId);
    const expiresAt = startOfDayInZone(dayAfter(body.expiresOn), zone);
    const deviceIds = body.scope === 'machines' ? [...new Set(body.deviceIds)] : [];
    const secret = `${API_KEY_PREFIX}${randomBytes(24).toString('base64url')}`;
    const id = await data.write(async (tx) => {
      if (body.scope === 'customer') {
        const customer = await tx
          .select({ id: organisations.id })
          .from(organisations, tx.orgScope(organisations.id))
          .where(and(eq(organisations.id, body.customerOrgId!), eq(organisations.kind, 'customer')))
          .get();
        if (!customer) throw invalidField('customerOrgId', 'apiKeys.customerRequired');
      }
      if (deviceIds.length > 0) {
        const seen = await tx
          .select({ id: devices.id })
          .from(devices, tx.deviceScope())
          .where(inArray(devices.id, deviceIds))
          .all();
        if (seen.length !== deviceIds.length) throw invalidField('deviceIds', 'apiKeys.machinesRequired');
      }
      const [row] = await tx
        .insert(apiKeys)
        .values({
          orgId: me.orgId,
          name: body.name,
          prefix: secret.slice(0, API_KEY_PREFIX.length + 6),
          secretHash: hashApiKey(secret),
          scope: body.scope,
          customerOrgId: body.scope === 'customer' ? body.customerOrgId! : null,
          deviceIds,
          expiresOn: body.expiresOn,
          expiresAt: new Date(expiresAt),
          ratePerMinute: body.ratePerMinute,
          createdBy: me.id,
          createdAt: new Date(deps.now()),
        })
        .returning({ id: apiKeys.id });
      return row!.id;
    });
    return { id, name: body.name, secret };
  }),

  route(apiKeyEndpoints.revoke, async ({ data, body, deps, setMessage }) => {
    await data.write(async (tx) => {
      const key = await tx.select().from(apiKeys, ownKeys(tx)).where(eq(apiKeys.id, body.id)).get();
      if (!key) throw notFound();
      if (key.revokedAt) throw conflict('apiKeys.alreadyRevoked');
      await tx
        .update(apiKeys)
        .set({ revokedAt: new Date(deps.now()), revokedBy: data.me.id })
        .where(eq(apiKeys.id, key.id));
    });
    setMessage('apiKeys.revoked');
    return { id: body.id };
  }),
];
