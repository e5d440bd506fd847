import { describe, expect, it } from 'vitest';
import { bannerEndpoints } from '@console/contract/http/banners';
import { openDb } from '@console/db/client';
import { banners } from '@console/db/schema/banners';
import { ScopedData } from './data.ts';
import { recordWrites } from './record-writes.ts';
import type { SessionUser } from './session.ts';

/**
 * A write that does not take (the record went between the check and the write, or a check let a missing id
 * through) answers the spec's "modification fails" / "deletion fails", never a success.
 */
describe('registry writes', () => {
  const { db } = openDb(':memory:');
  const user = { id: 1, orgId: 1, orgKind: 'operator', roleId: 2 } as SessionUser;
  const [, update, remove] = recordWrites(bannerEndpoints, {
    table: banners,
    // A check that lets the id through: the row is gone all the same.
    assertChangeable: () => {},
    origin: () => ({ orgId: 1, appid: 'zjcloud' }),
    stamp: () => ({ updatedAt: new Date() }),
  });
  // A handler reads only the body and the data of its context.
  const ctx = (body: object) => ({ body, data: new ScopedData(db, user, [1]) }) as never;
  const failure = async (run: () => unknown) => {
    try {
      await run();
    } catch (error) {
      return (error as { messageKey?: string }).messageKey;
    }
    return 'succeeded';
  };

  it('answers "modification fails" when no row changed', async () => {
    const body = { id: 404, title: 'Gone', image: '/x.png', link: '', sortOrder: 1, shownFrom: '2026-01-01' };
    expect(await failure(() => update!.handler(ctx(body)))).toBe('error.modifyFailed');
  });

  it('answers "deletion fails" when no row was deleted', async () => {
    expect(await failure(() => remove!.handler(ctx({ id: 404 })))).toBe('error.deleteFailed');
  });
});
