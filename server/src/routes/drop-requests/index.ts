import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { nameInSql } from '../../lib/org-brand.ts';
import { dropRequestEndpoints, type DropRequestRow } from '@console/contract/http/drop-requests';
import { dropRequests, knownAddresses, organisations, users } from '@console/db/schema/accounts';
import type { ScopedData, ScopedWrite } from '../../lib/data.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { listPage } from '../../lib/list-page.ts';
import { userNames } from '../../lib/maintenance.ts';
import { updated } from '../../lib/record-writes.ts';
import { route, type RouteDef } from '../../lib/route.ts';
import { keywordIn } from '../../lib/search.ts';
import { endAllSessions } from '../../lib/session.ts';
import { deliverSystemSms, maskedMobile } from '../../notify/system.ts';
import { formatInZone } from '../../lib/time.ts';

/**
 * The queue of account deletion requests (docs/decisions/065-operator-onboarding.md). Approving anonymises the
 * account in place: its row stays, so contracts, work orders and logs that name it keep their history, but nothing
 * identifies the person any more and nobody can sign in to it.
 */

/** Requests of accounts in the decider's organisations (the operator's staff: every organisation). */
const requestRows = (data: ScopedData) =>
  data
    .select({
      id: dropRequests.id,
      uid: dropRequests.userId,
      reason: dropRequests.reason,
      state: dropRequests.status,
      refusal: dropRequests.refusal,
      decidedBy: dropRequests.decidedBy,
      decidedAt: dropRequests.decidedAt,
      notified: dropRequests.notified,
      createdAt: dropRequests.createdAt,
      name: users.name,
      mobile: users.mobile,
      areaCode: users.areaCode,
      roleId: users.roleId,
      orgName: nameInSql(organisations, data.lang),
    })
    .from(
      dropRequests,
      data.within(dropRequests.userId, data.select({ id: users.id }).from(users, data.orgScope(users.orgId))),
    )
    .innerJoin(users, eq(users.id, dropRequests.userId))
    .leftJoin(organisations, eq(organisations.id, users.orgId));

type Row = Awaited<ReturnType<ReturnType<typeof requestRows>['all']>>[number];

async function present(data: ScopedData, rows: Row[], timeZone: string): Promise<DropRequestRow[]> {
  const names = await userNames(
    data,
    rows.map((r) => r.decidedBy),
  );
  return rows.map(({ decidedBy, decidedAt, createdAt, orgName, ...r }) => ({
    ...r,
    orgName: orgName ?? '',
    decidedByName: (decidedBy && names.get(decidedBy)) || '',
    decidedAt: decidedAt ? formatInZone(decidedAt, timeZone) : '',
    createdAt: formatInZone(createdAt, timeZone),
  }));
}

/** Nothing left that names the person; the account can no longer sign in (no password, no number, disabled). */
async function anonymise(tx: ScopedWrite, uid: number) {
  await tx
    .update(users)
    .set({
      mobile: `deleted-${uid}`,
      areaCode: '',
      passwordHash: '',
      name: '',
      nickname: '',
      avatar: '',
      introduction: '',
      email: '',
      idNumber: '',
      realNameVerified: false,
      disabled: true,
    })
    .where(eq(users.id, uid))
    .run();
  await tx.delete(knownAddresses).where(eq(knownAddresses.userId, uid)).run();
  await endAllSessions(tx, uid);
}

export const dropRequestRoutes: RouteDef[] = [
  route(dropRequestEndpoints.list, async ({ query, data, timeZone }) => {
    const where = and(
      query.state ? eq(dropRequests.status, query.state) : undefined,
      keywordIn(data.dialect, [users.name, users.mobile], query.keyword),
    );
    // Pending first (the queue), then the newest.
    const pendingFirst = sql`case when ${dropRequests.status} = 'pending' then 0 else 1 end`;
    const { rows, ...paging } = await listPage(data, query, requestRows(data).where(where), [
      asc(pendingFirst),
      desc(dropRequests.createdAt),
      desc(dropRequests.id),
    ]);
    return { list: await present(data, rows, timeZone), ...paging };
  }),

  route(dropRequestEndpoints.decide, async ({ body, user, data, deps, t, setMessage }) => {
    const told = await data.write(async (tx) => {
      const request = await requestRows(tx).where(eq(dropRequests.id, body.id)).get();
      if (!request) throw notFound();
      if (request.state !== 'pending') throw conflict('dropRequests.decided');
      if (request.uid === user.id) throw conflict('dropRequests.self');
      updated(
        await tx
          .update(dropRequests)
          .set({
            status: body.approve ? 'done' : 'rejected',
            refusal: body.approve ? '' : body.refusal,
            decidedBy: user.id,
            decidedAt: new Date(deps.now()),
          })
          .where(and(eq(dropRequests.id, body.id), eq(dropRequests.status, 'pending')))
          .run(),
      );
      if (body.approve) {
        // The account is gone: its other open requests are settled with this one.
        await tx
          .update(dropRequests)
          .set({ status: 'done', decidedBy: user.id, decidedAt: new Date(deps.now()) })
          .where(and(eq(dropRequests.userId, request.uid), eq(dropRequests.status, 'pending')))
          .run();
        await anonymise(tx, request.uid);
      }
      // The number is kept from before the account was anonymised, to tell the person.
      return { mobile: request.mobile, areaCode: request.areaCode };
    });
    const text = body.approve ? t('dropRequests.approvedSms') : t('dropRequests.refusedSms', { reason: body.refusal });
    // The operator's log shows it under the number's last digits: the account may be anonymised by now.
    const delivered = await deliverSystemSms(deps, {
      orgId: user.orgId,
      event: 'accountDeletion',
      recipient: maskedMobile(told.mobile),
      sms: { ...told, text },
    });
    if (delivered) {
      await data.write((tx) =>
        tx.update(dropRequests).set({ notified: true }).where(eq(dropRequests.id, body.id)).run(),
      );
    } else setMessage('dropRequests.notifyFailed');
    return { id: body.id };
  }),
];
