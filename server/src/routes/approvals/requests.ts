import { and, desc, eq, inArray } from 'drizzle-orm';
import { bindEndpoints } from '@console/contract/http/approvals';
import { API_STATUS } from '@console/contract/http/envelope';
import { bindRequests } from '@console/db/schema/approvals';
import { organisations } from '@console/db/schema/accounts';
import { devices } from '@console/db/schema/devices';
import type { ScopedWrite } from '../../lib/data.ts';
import { ApiError, invalidField } from '../../lib/errors.ts';
import { route, type RouteDef } from '../../lib/route.ts';
import type { SessionUser } from '../../lib/session.ts';
import { formatInZone } from '../../lib/time.ts';

/**
 * The app's side of binding (decision 047): a customer identity asks to join a company, named by its credit code,
 * or to bind a machine, named by its serial, and reads how its requests were decided. A person in a rental
 * company, a distributor or a sub-lessor is no customer identity and asks nothing here.
 */
function asCustomer(user: SessionUser): void {
  if (user.orgKind !== 'customer') throw new ApiError(API_STATUS.conflict, 'approvals.notCustomer');
}

/** One request of a kind under review for the same company or machine at a time. */
async function refuseRepeat(
  tx: ScopedWrite,
  user: SessionUser,
  kind: 'join' | 'machine',
  orgId: number,
  deviceId?: number,
) {
  const open = await tx
    .select({ id: bindRequests.id })
    .from(bindRequests, tx.own(bindRequests.requesterId))
    .where(
      and(
        eq(bindRequests.kind, kind),
        eq(bindRequests.state, 'pending'),
        eq(bindRequests.orgId, orgId),
        deviceId ? eq(bindRequests.deviceId, deviceId) : undefined,
      ),
    )
    .get();
  if (open) throw new ApiError(API_STATUS.conflict, 'approvals.alreadyPending');
}

export const bindRequestRoutes: RouteDef[] = [
  route(bindEndpoints.requestJoin, async ({ body, user, data, setMessage }) => {
    asCustomer(user);
    const id = await data.write(async (tx) => {
      // The credit code names one company among all: read where it is taken, as a serial is.
      const company = await tx
        .select({ id: organisations.id })
        .from(
          organisations,
          tx.shared(
            'referencedNames',
            and(eq(organisations.creditCode, body.creditCode), inArray(organisations.kind, ['lessor', 'customer']))!,
          ),
        )
        .get();
      if (!company) throw invalidField('creditCode', 'approvals.companyNotFound');
      if (company.id === user.orgId) throw invalidField('creditCode', 'approvals.alreadyMember');
      await refuseRepeat(tx, user, 'join', company.id);
      return (
        await tx
          .insert(bindRequests)
          .values({
            kind: 'join',
            orgId: company.id,
            requesterId: user.id,
            requesterOrgId: user.orgId,
            note: body.note,
          })
          .returning({ id: bindRequests.id })
          .get()
      ).id;
    });
    setMessage('approvals.requested');
    return { id };
  }),

  route(bindEndpoints.requestMachine, async ({ body, user, data, setMessage }) => {
    asCustomer(user);
    const id = await data.write(async (tx) => {
      const machine = await tx
        .select({ id: devices.id, orgId: devices.orgId, customerOrgId: devices.customerOrgId })
        .from(devices, tx.shared('referencedNames', eq(devices.serialNumber, body.serialNumber)))
        .get();
      if (!machine) throw invalidField('serialNumber', 'approvals.machineNotFound');
      if (machine.customerOrgId !== null) {
        throw new ApiError(API_STATUS.conflict, 'approvals.machineTaken', { serial: body.serialNumber });
      }
      await refuseRepeat(tx, user, 'machine', machine.orgId, machine.id);
      return (
        await tx
          .insert(bindRequests)
          .values({
            kind: 'machine',
            orgId: machine.orgId,
            requesterId: user.id,
            requesterOrgId: user.orgId,
            deviceId: machine.id,
            serialNumber: body.serialNumber,
            note: body.note,
          })
          .returning({ id: bindRequests.id })
          .get()
      ).id;
    });
    setMessage('approvals.requested');
    return { id };
  }),

  route(bindEndpoints.mine, async ({ data, timeZone }) => ({
    list: (
      await data
        .select()
        .from(bindRequests, data.own(bindRequests.requesterId))
        .orderBy(desc(bindRequests.id))
        .limit(100)
        .all()
    ).map((r) => ({
      id: r.id,
      kind: r.kind,
      serialNumber: r.serialNumber,
      state: r.state,
      reason: r.reason,
      createdAt: formatInZone(r.createdAt, timeZone),
    })),
  })),
];
