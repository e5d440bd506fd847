import { and, count, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { SelectedFields, SQLiteColumn, SQLiteSelect, SQLiteTable, SQLiteView } from 'drizzle-orm/sqlite-core';
import type { Subquery } from 'drizzle-orm';
import type { Db } from '@console/db/client';
import { dialectOf, type Dialect } from '@console/db/dialect';
import { organisations, sessions, users } from '@console/db/schema/accounts';
import { devices } from '@console/db/schema/devices';
import { OPERATOR_ROLES } from '@console/contract/codes/roles';
import { forbidden } from './errors.ts';
import type { ReaderLang } from './org-brand.ts';
import { perConnection } from './per-connection.ts';
import { preparePlannedOnce } from './planned-once.ts';
import { hashToken, sessionLookup, sessionUserOf, type SessionUser } from './session.ts';
import { unitOfWork } from './unit-of-work.ts';

/**
 * A condition that limits rows to what the signed-in person may see. Only a ScopedData makes one (from the
 * visible organisations), so a scoped read cannot be given a condition that widens it. See
 * docs/decisions/028-data-scope.md.
 */
export interface Scope {
  readonly sql: SQL;
  readonly [SCOPE]: true;
}
declare const SCOPE: unique symbol;
const scope = (sql: SQL): Scope => ({ sql }) as Scope;

/**
 * Why a read may see past the user's organisations. Each is a case decision 028 names; `data.unscoped(why)`
 * is the only way a route reaches the whole database, so every such read is found by searching `unscoped(`.
 */
export type UnscopedReason =
  /** Before anyone is signed in, or about the signed-in person's own account: sign-in, codes, passwords. */
  | 'signIn'
  /** Code tables and settings every organisation reads alike (brands, models catalog, platform settings). */
  | 'codeTable'
  /** Names and numbers of organisations and people a record in scope refers to (its distributor, assignee). */
  | 'referencedNames'
  /** A value unique across every organisation (a serial, an ICCID, a phone number) is checked where it is taken. */
  | 'uniqueness'
  /** A machine or the simulator proves itself with its secret, not with a person's session. */
  | 'machine'
  /** Rows just read through a scope, read again by id with the columns the scoped read did not carry. */
  | 'alreadyScoped'
  /** How many rows of any organisation refer to a record in scope (a model in use, the machines in a fence). */
  | 'references'
  /** Figures of the platform as a whole, for the operator's own staff (the data plane's command counts). */
  | 'platform'
  /**
   * A domain module that applies its area's own visibility rule to every read it makes (server/src/lease: a
   * contract is read through `visibleContract` / `canSeeContract`, decision 029), called with the whole database.
   */
  | 'domainRule'
  /** The holder of an unguessable, expiring link reads the one record it opens (a contract's public export). */
  | 'publicLink';

/** The organisations at and below those `roots` selects: one recursive statement. */
const inSubtree = (roots: SQL) =>
  sql`${organisations.id} in (with recursive subtree(id) as (${roots}
    union select o.id from organisations o join subtree s on o.parent_id = s.id) select id from subtree)`;

/** Every organisation, and an organisation with all below it, prepared once (an API key's scope). */
const everyOrg = perConnection((db) => preparePlannedOnce(db, db.select({ id: organisations.id }).from(organisations)));
const subtreeOf = perConnection((db) =>
  preparePlannedOnce(
    db,
    db
      .select({ id: organisations.id })
      .from(organisations)
      // The root is cast: PostgreSQL would type an untyped parameter of a recursive query as text.
      .where(inSubtree(sql`select cast(${sql.placeholder('root')} as bigint)`)),
  ),
);
/**
 * The organisations a user sees, the rule in one statement: every organisation for the operator's own staff (an
 * operator role in the operator's organisation), else the user's organisation and all below it. `user` is the SQL of
 * the user's id: bound, or read from a session's token.
 *
 * Two selects for the two sides of the rule, not one `where` with `or`: their conditions on the user name no column of
 * the rows, so the engine judges each once and reads the organisations of one side only (every one, or the subtree by
 * its keys). With `or` every organisation was read at every request to judge either side; the sides exclude each
 * other, so the rows need no sorting out of doubles (docs/decisions/067).
 */
function orgsSeenQuery(db: Db, user: SQL) {
  const theUser = sql`${users.id} = ${user}`;
  // The organisations named inside are the subquery's own (the innermost of a name is the one meant).
  const operatorStaff = sql`exists (select 1 from ${users} where ${theUser}
    and ${inArray(users.roleId, [...OPERATOR_ROLES])}
    and ${users.orgId} in (select ${organisations.id} from ${organisations} where ${organisations.kind} = 'operator'))`;
  const orgs = () => db.select({ id: organisations.id }).from(organisations);
  const subtree = inSubtree(sql`select ${users.orgId} from ${users} where ${theUser}`);
  return orgs()
    .where(operatorStaff)
    .unionAll(orgs().where(and(sql`not ${operatorStaff}`, subtree)));
}
/** What a signed-in user sees (ScopedData.of). */
const orgsSeenByUser = perConnection((db) =>
  // Cast: PostgreSQL would type an untyped parameter of a recursive query as text.
  preparePlannedOnce(db, orgsSeenQuery(db, sql`cast(${sql.placeholder('userId')} as bigint)`)),
);
/**
 * A session's lookup with the organisations its user sees beside its columns, as a JSON array of their ids: one
 * statement, so a request opens in one round trip (on PostgreSQL, to another process that waits for a core on a busy
 * host, docs/decisions/067). The rule's user is the session's, named by the outer query's column.
 */
const sessionWithOrgs = perConnection((db) => {
  const seen = orgsSeenQuery(db, sql`${sessions.userId}`).as('seen');
  const ids = dialectOf(db).jsonNumbers(sql`${seen.id}`);
  return preparePlannedOnce(db, sessionLookup(db, { orgsSeen: sql<string>`(select ${ids} from ${seen})` }));
});
/** An organisation's ids as it sees them: every organisation when `every`, else it and all below it (API keys). */
export async function orgIdsSeenBy(db: Db, orgId: number, every: boolean): Promise<number[]> {
  const rows = every ? await everyOrg(db).all() : await subtreeOf(db).all({ root: orgId });
  return rows.map((o) => o.id);
}

/**
 * The live, enabled user behind a token and the data they may touch, or null. The session and the organisations its
 * user sees are one statement (sessionWithOrgs): every request starts so.
 */
export async function openSession(
  db: Db,
  token: string,
  now: number,
  lang: ReaderLang,
): Promise<{ user: SessionUser; data: ScopedData } | null> {
  const tokenHash = hashToken(token);
  const row = await sessionWithOrgs(db).get({ tokenHash, now });
  const user = sessionUserOf(row, tokenHash);
  if (!user) return null;
  const orgIds = JSON.parse(row!.orgsSeen) as number[];
  return { user, data: new ScopedData(db, user, orgIds, lang) };
}

/** What a scoped read reads from: a table, a view (track_points, of telemetry) or a subquery. */
type From = SQLiteTable | SQLiteView | Subquery;

/** Reads prepared by ScopedData.prepared(), per connection, the most recently used last. */
const preparedReads = new WeakMap<Db, Map<string, unknown>>();
const PREPARED_READS = 500;

/** The reads restrict() made, so within() takes no other. */
const SCOPED = new WeakSet<object>();

/** A dynamic select whose `.where(c)` ANDs `c` with the scope instead of replacing it (joins, order, limit as usual). */
function restrict<Q extends { where: (c: SQL) => unknown }>(query: Q, limit: Scope): Q {
  const where = query.where.bind(query) as (c: SQL | undefined) => Q;
  where(limit.sql);
  SCOPED.add(query);
  return Object.assign(query, { where: (c: SQL | undefined) => where(and(limit.sql, c)) });
}

/**
 * The data a request may touch, built once per request (HandlerContext.data): what the signed-in person may
 * see, computed once, and reads that cannot leave it. Route handlers receive this instead of the database.
 */
export class ScopedData {
  readonly #db: Db;
  readonly #user: SessionUser | null;
  #orgIds: number[] | null = null;
  /**
   * The reader's language: the names of records kept in two languages are answered in it (decision 064). Chinese
   * where no one reads (a scheduler's work).
   */
  readonly lang: ReaderLang;

  constructor(db: Db, user: SessionUser | null, orgIds: number[] | null = null, lang: ReaderLang = 'zh') {
    this.#db = db;
    this.#user = user;
    this.#orgIds = orgIds;
    this.lang = lang;
  }

  /**
   * The data of a request: the organisations the user may see are asked here, once, so every scope below is a value
   * at hand and a scoped read is built without waiting (a query builder is itself a promise: it cannot be the
   * answer of an asynchronous function without being run).
   */
  static async of(db: Db, user: SessionUser | null, lang: ReaderLang = 'zh'): Promise<ScopedData> {
    const seen = user ? (await orgsSeenByUser(db).all({ userId: user.id })).map((o) => o.id) : null;
    return new ScopedData(db, user, seen, lang);
  }

  /** The SQL functions of the engine the data is on (@console/db/dialect, docs/decisions/067). */
  get dialect(): Dialect {
    return dialectOf(this.#db);
  }

  /** The signed-in person (null on a public endpoint called without a session). */
  get user(): SessionUser | null {
    return this.#user;
  }

  /** The organisations whose data the user may read (decision 003), asked once when the request's data was made. */
  orgIds(): number[] {
    // No one signed in: nothing, unless a process acting for organisations was given them (a payment provider's
    // verified notification settles the order of the organisation that pays it, decision 050).
    if (!this.#user) return this.#orgIds ?? [];
    if (this.#orgIds === null) throw new Error('ScopedData made without its scope: use ScopedData.of');
    return this.#orgIds;
  }

  /** Whether a record of this organisation is in the user's scope. */
  sees(orgId: number | null | undefined): boolean {
    return orgId !== null && orgId !== undefined && this.orgIds().includes(orgId);
  }

  /** Refuse unless a record's organisation is in scope. */
  assertOrg(orgId: number | null | undefined): void {
    if (!this.sees(orgId)) throw forbidden();
  }

  /** Rows whose organisation (any of these columns: owner, customer, reporter ...) is in scope. */
  orgScope(...columns: SQLiteColumn[]): Scope {
    const ids = this.orgIds();
    return scope(or(...columns.map((column) => this.dialect.inIds(column, ids)))!);
  }

  /** The machines a user sees: those their organisations own, rent (customer) or distribute. */
  deviceScope(): Scope {
    return this.orgScope(devices.orgId, devices.customerOrgId, devices.distributorOrgId);
  }

  /** Rows of a machine the user sees (alarms, tracks, records ...), by their machine id column. */
  viaDevice(deviceId: SQLiteColumn): Scope {
    return this.within(deviceId, this.select({ id: devices.id }).from(devices, this.deviceScope()));
  }

  /** Rows whose column is among the ids a scoped read answers (a model used by a machine in scope). */
  within(column: SQLiteColumn, ids: SQLiteSelect): Scope {
    if (!SCOPED.has(ids)) throw new Error('within() takes a read made by data.select(...).from(table, scope)');
    return scope(inArray(column, ids));
  }

  /**
   * Rows every organisation may read whatever their owner (the operator's catalog of models), picked by
   * `condition`; `why` names the case of decision 028, as for unscoped().
   */
  shared(why: Extract<UnscopedReason, 'codeTable' | 'referencedNames'>, condition: SQL): Scope {
    void why;
    return scope(condition);
  }

  /** Rows that are the signed-in person's own (their account, the orders assigned to them), by a user id column. */
  own(userId: SQLiteColumn): Scope {
    return scope(this.#user ? eq(userId, this.#user.id) : eq(userId, -1));
  }

  /** Whoever is signed in (refused on a public endpoint's call without a session). */
  get me(): SessionUser {
    if (!this.#user) throw forbidden();
    return this.#user;
  }

  /** Rows any of these scopes admits. */
  anyOf(...scopes: Scope[]): Scope {
    return scope(or(...scopes.map((s) => s.sql))!);
  }

  /** Rows the scope admits and the condition narrows further (a narrower scope is still a scope). */
  narrow(limit: Scope, condition: SQL | undefined): Scope {
    return scope(and(limit.sql, condition)!);
  }

  /** A read limited to `scope`: `data.select(fields).from(table, scope)`, then drizzle as usual. */
  select(): { from: ReturnType<typeof rowsFrom> };
  select<F extends SelectedFields>(fields: F): { from: ReturnType<typeof fieldsFrom<F>> };
  select(fields?: SelectedFields) {
    return { from: fields ? fieldsFrom(this.#db, fields) : rowsFrom(this.#db) };
  }

  /** As select(), without repeated rows. */
  selectDistinct<F extends SelectedFields>(fields: F): { from: ReturnType<typeof fieldsFrom<F>> } {
    return { from: fieldsFrom(this.#db, fields, true) };
  }

  /** `query.prepare()`, planned once per connection on PostgreSQL: for a read every request runs (lib/planned-once.ts). */
  planOnce<P>(query: Parameters<typeof preparePlannedOnce<P>>[1]): P {
    return preparePlannedOnce(this.#db, query);
  }

  /** How many rows a (scoped) query answers: list-page counts over the list's own query. */
  async count(rows: { as: (alias: string) => Subquery }): Promise<number> {
    return (await this.countOf(rows).get())!.n;
  }

  /** The query count() runs, to prepare (lib/list-page.ts). */
  countOf(rows: { as: (alias: string) => Subquery }) {
    return this.#db.select({ n: count() }).from(rows.as('matching'));
  }

  /**
   * A read built once per `shape` for this person and scope on this connection, and kept (the most recently used
   * PREPARED_READS): drizzle builds a query's SQL anew on every call, which cost the device list about as much as
   * running it. The shape must name everything the build depends on besides the scope; the values its placeholders
   * take come with each call (lib/binding.ts). The person, the visible organisations and the reader's language are
   * part of the key, as scopes and names in the reader's language build them in as values.
   */
  prepared<T>(shape: string, build: () => T): T {
    const key = `${shape}|${this.lang}|${this.#user?.id ?? ''}|${this.orgIds().join(',')}`;
    let kept = preparedReads.get(this.#db);
    if (!kept) preparedReads.set(this.#db, (kept = new Map()));
    const read = kept.get(key) as T | undefined;
    kept.delete(key);
    const made = read ?? build();
    kept.set(key, made);
    if (kept.size > PREPARED_READS) kept.delete(kept.keys().next().value!);
    return made;
  }

  /**
   * Writes that belong together, with the ownership checks they depend on, as one unit of work
   * (docs/decisions/024-unit-of-work.md). Inside, `tx` reads through the same scopes and writes the rows those
   * reads found.
   */
  async write<T>(work: (tx: ScopedWrite) => Promise<T> | T): Promise<T> {
    return unitOfWork(this.#db, async (db) => work(new ScopedWrite(db, this.#user, this.orgIds(), this.lang)));
  }

  /** The whole database, for a read decision 028 allows past the user's scope; `why` names the case. */
  unscoped(why: UnscopedReason): Db {
    void why;
    return this.#db;
  }
}

function rowsFrom(db: Db) {
  return <T extends From>(table: T, limit: Scope) => restrict(db.select().from(table).$dynamic(), limit);
}

function fieldsFrom<F extends SelectedFields>(db: Db, fields: F, distinct = false) {
  return <T extends From>(table: T, limit: Scope) =>
    restrict((distinct ? db.selectDistinct(fields) : db.select(fields)).from(table).$dynamic(), limit);
}

/** The data a unit of work touches: the same scoped reads, and writes of the rows they found. */
export class ScopedWrite extends ScopedData {
  readonly insert: Db['insert'];
  readonly update: Db['update'];
  readonly delete: Db['delete'];

  constructor(tx: Db, user: SessionUser | null, orgIds: number[], lang: ReaderLang = 'zh') {
    super(tx, user, orgIds, lang);
    this.insert = tx.insert.bind(tx);
    this.update = tx.update.bind(tx);
    this.delete = tx.delete.bind(tx);
  }
}
