import type { ScopedData, ScopedWrite } from '../lib/data.ts';
import type { SessionUser } from '../lib/session.ts';
import { createWorkOrder, type RaiseWorkOrderInput } from './create.ts';

/**
 * Raise a work order from a source record (a fault, a feedback, an upkeep plan) and point the record at it, as
 * one unit of work: the order and the record's link are written together or not at all. Who may raise it and
 * whether the record still may be raised from are the source's own checks, made before.
 */
export async function raiseFromSource(
  data: ScopedData,
  user: SessionUser,
  input: RaiseWorkOrderInput & { source: NonNullable<RaiseWorkOrderInput['source']> },
  now: number,
  link: (tx: ScopedWrite, workOrderId: number) => unknown,
): Promise<{ workOrderId: number }> {
  return data.write(async (tx) => {
    const order = await createWorkOrder(tx, user, input, now);
    await link(tx, order.id);
    return { workOrderId: order.id };
  });
}
