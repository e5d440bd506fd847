import { and, count, eq, inArray, ne } from 'drizzle-orm';
import type { ScopedData } from '../lib/data.ts';
import { orgNames } from '../lib/scope.ts';
import { technicianProfiles } from '@console/db/schema/technicians';
import { workOrders } from '@console/db/schema/work-orders';
import { ADMIN_ROLES } from '@console/contract/codes/roles';
import { WO_STATUS } from '@console/contract/codes/work-order-flow';
import { technicianEndpoints, type TechnicianRow } from '@console/contract/http/technicians';
import { workOrderEndpoints } from '@console/contract/http/work-orders';
import { notFound } from '../lib/errors.ts';
import { route, type RouteDef } from '../lib/route.ts';
import type { SessionUser } from '../lib/session.ts';
import { canTake, personName, technicianRows, visibleOrders } from '../work-orders/access.ts';
import { everyInOrder } from '@console/db/in-order';

/** The user's technicians with their profile and counts of open and finished work orders. */
async function technicians(
  data: ScopedData,
  user: SessionUser,
  orders?: readonly { orgId: number }[],
): Promise<TechnicianRow[]> {
  const rows = (await technicianRows(data, user)).filter((r) => !orders || canTake(r, orders));
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.user.id);
  // The technicians were read through the user's scope; their profiles and the counts of their orders (the
  // operator's serve every company) are looked up by their ids.
  const db = data.unscoped('alreadyScoped');
  const profiles = await db.select().from(technicianProfiles).where(inArray(technicianProfiles.userId, ids)).all();
  const tally = async (open: boolean) =>
    new Map(
      (
        await db
          .select({ id: workOrders.assigneeId, n: count() })
          .from(workOrders)
          .where(
            and(
              inArray(workOrders.assigneeId, ids),
              open ? ne(workOrders.status, WO_STATUS.resolved) : eq(workOrders.status, WO_STATUS.resolved),
            ),
          )
          .groupBy(workOrders.assigneeId)
          .all()
      ).map((r) => [r.id!, r.n]),
    );
  const open = await tally(true);
  const finished = await tally(false);
  const admin = (ADMIN_ROLES as readonly number[]).includes(user.roleId);
  return rows.map(({ user: tech, orgName }) => {
    const profile = profiles.find((p) => p.userId === tech.id);
    return {
      id: tech.id,
      name: personName(tech),
      mobile: tech.mobile,
      orgId: tech.orgId,
      orgName,
      region: profile?.region ?? '',
      skills: profile?.skills ?? [],
      open: open.get(tech.id) ?? 0,
      finished: finished.get(tech.id) ?? 0,
      // An administrator keeps the people of their own organisation (the operator's: every technician).
      editable: admin && (user.orgKind === 'operator' || tech.orgId === user.orgId),
    };
  });
}

export const technicianRoutes: RouteDef[] = [
  route(technicianEndpoints.list, async ({ query, user, data }) => {
    const keyword = query.keyword?.toLowerCase();
    const all = (await technicians(data, user)).filter(
      (r) => !keyword || [r.name, r.mobile, r.region, ...r.skills].some((text) => text.toLowerCase().includes(keyword)),
    );
    const start = (query.page - 1) * query.pageSize;
    return {
      list: all.slice(start, start + query.pageSize),
      total: all.length,
      page: query.page,
      pageSize: query.pageSize,
    };
  }),

  route(technicianEndpoints.saveProfile, async ({ body, user, data, deps, setMessage }) => {
    const values = { region: body.region, skills: body.skills, updatedBy: user.id, updatedAt: new Date(deps.now()) };
    const row = await data.write(async (tx) => {
      const found = (await technicians(tx, user)).find((r) => r.id === body.userId);
      // Someone else's technician, or not a technician at all: the same answer.
      if (!found || !found.editable) throw notFound();
      await tx
        .insert(technicianProfiles)
        .values({ userId: body.userId, ...values })
        .onConflictDoUpdate({ target: technicianProfiles.userId, set: values })
        .run();
      return found;
    });
    setMessage('workOrders.profileSaved');
    return { ...row, region: body.region, skills: body.skills };
  }),

  route(workOrderEndpoints.technicians, async ({ query, user, data }) => {
    // Orders the user does not see answer "not found", as the assign action does.
    const orders = query.ids ? await visibleOrders(data, user, query.ids) : undefined;
    const list = (await technicians(data, user, orders)).map(
      ({ id, name, mobile, orgId, orgName, region, skills, open }) => ({
        id,
        name,
        mobile,
        orgId,
        orgName,
        region,
        skills,
        open,
      }),
    );
    if (!orders || list.length > 0) return { list, none: null };
    const ownerIds = [...new Set(orders.map((o) => o.orgId))];
    const names = await orgNames(data, ownerIds);
    const owners = [...ownerIds].sort((a, b) => a - b).map((id) => names.get(id) ?? '');
    // Each owner has technicians of its own: only the mix of owners stands in the way.
    const eachServed = await everyInOrder(
      ownerIds,
      async (orgId) => (await technicians(data, user, [{ orgId }])).length > 0,
    );
    return {
      list,
      none: {
        reason: ownerIds.length > 1 && eachServed ? ('mixedOwners' as const) : ('noTechnician' as const),
        owners,
      },
    };
  }),
];
