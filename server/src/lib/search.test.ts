import { describe, expect, it } from 'vitest';
import { openDb } from '@console/db/client';
import { dialectOf } from '@console/db/dialect';
import { organisations } from '@console/db/schema/accounts';
import { keywordIn, textContains } from './search.ts';

describe('keyword search', async () => {
  const { db } = openDb(':memory:');
  const d = dialectOf(db);
  const names = ['Crane Hire', 'Load 100%', 'Load 1000', 'lift_a', 'liftxa', 'C:\\yard', 'C:yard'];
  await db
    .insert(organisations)
    .values(names.map((name) => ({ name, kind: 'lessor' as const, contactName: name === 'Crane Hire' ? 'Wu' : '' })))
    .run();
  const found = async (where: ReturnType<typeof textContains>) =>
    (await db.select({ name: organisations.name }).from(organisations).where(where).all()).map((r) => r.name);

  it('finds the text anywhere, ignoring case', async () => {
    expect(await found(textContains(d, organisations.name, 'RANE h'))).toEqual(['Crane Hire']);
  });

  it('matches %, _ and \\ as themselves', async () => {
    expect(await found(textContains(d, organisations.name, '100%'))).toEqual(['Load 100%']);
    expect(await found(textContains(d, organisations.name, 't_a'))).toEqual(['lift_a']);
    expect(await found(textContains(d, organisations.name, 'C:\\'))).toEqual(['C:\\yard']);
  });

  it('finds the keyword in any of the columns, and sets no condition without one', async () => {
    expect(await found(keywordIn(d, [organisations.name, organisations.contactName], 'wu'))).toEqual(['Crane Hire']);
    expect(textContains(d, organisations.name, '')).toBeUndefined();
    expect(keywordIn(d, [organisations.name], undefined)).toBeUndefined();
  });
});
