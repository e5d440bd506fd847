import { describe, expect, it } from 'vitest';
import { openDb } from '@console/db/client';
import { knownAddresses, organisations, users } from '@console/db/schema/accounts';
import { ApiError } from './errors.ts';
import { asConflict, unitOfWork } from './unit-of-work.ts';

async function caught(run: () => unknown): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error('expected the work to fail');
}

describe('unit of work', async () => {
  const dbh = openDb(':memory:');
  const { db } = dbh;
  const org = await db.insert(organisations).values({ name: 'Org', kind: 'lessor' }).returning().get();
  const person = { orgId: org.id, mobile: '13900001111', areaCode: '86', passwordHash: 'x', roleId: 1 };

  it('writes all or nothing', async () => {
    const before = (await db.select().from(organisations).all()).length;
    await caught(() =>
      unitOfWork(db, async (tx) => {
        await tx.insert(organisations).values({ name: 'Orphan', kind: 'customer' }).run();
        throw new Error('the second write fails');
      }),
    );
    expect(await db.select().from(organisations).all()).toHaveLength(before);
  });

  it('answers a unique-index conflict with the refusal of the check it raced past', async () => {
    await unitOfWork(db, (tx) => tx.insert(users).values(person).run());
    const error = asConflict(await caught(() => unitOfWork(db, (tx) => tx.insert(users).values(person).run())));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      messageKey: 'error.invalidField',
      params: { field: 'mobile', reason: 'auth.accountExists' },
    });
  });

  it('answers any other unique index with a general "already exists", and leaves other errors alone', async () => {
    const user = (await db.select().from(users).get())!;
    const seen = { userId: user.id, ip: '192.0.2.1' };
    await db.insert(knownAddresses).values(seen).run();
    const duplicate = await caught(() => db.insert(knownAddresses).values(seen).run());
    expect(asConflict(duplicate)).toMatchObject({ messageKey: 'error.taken' });
    expect(asConflict(new Error('disk I/O error'))).toBeNull();
  });
});
