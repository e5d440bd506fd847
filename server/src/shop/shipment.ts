import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { SERIALS_REQUIRED, SHIPPED_ITEM } from '@console/contract/codes/shop-orders';
import type { MessageKey } from '@console/contract/messages/zh-CN';
import { devices } from '@console/db/schema/devices';
import { controllers } from '@console/db/schema/peripherals';
import { shopOrders } from '@console/db/schema/shop-orders';
import { simCards } from '@console/db/schema/sim-cards';
import type { ScopedWrite } from '../lib/data.ts';
import type { ShopOrderRecord } from './order-moves.ts';

/** Why a shipment cannot go: a message key of the reason and its parameters ("delivery failed, retry: <why>"). */
export class ShipmentRefused extends Error {
  constructor(
    readonly key: MessageKey,
    readonly params: Record<string, string | number> = {},
  ) {
    super(key);
  }
}

interface Item {
  id: number;
  serial: string;
  orgId: number;
  /** The machine it is fitted to (a terminal) or sits in (a card), if any. */
  deviceId: number | null;
}

/**
 * The items a shipment names, checked against the seller's registry of the product's kind (SHIPPED_ITEM): each serial
 * an item of that kind (a machine's serial is not a terminal), the seller's, spare (fitted to no machine), entered once
 * and shipped with no other order. Serials are unique across organisations, so they are looked up where they are
 * taken; every refusal names the serial and why, and nothing changes.
 */
export async function itemsToShip(tx: ScopedWrite, order: ShopOrderRecord, serials: string[]) {
  const kind = SHIPPED_ITEM[order.category];
  if (kind === null) {
    if (serials.length > 0) throw new ShipmentRefused('shopOrders.serialsNotForProduct');
    return { kind, items: [] as Item[] };
  }
  if (serials.length !== order.quantity && (SERIALS_REQUIRED[kind] || serials.length > 0))
    throw new ShipmentRefused(kind === 'terminal' ? 'shopOrders.serialsCount' : 'shopOrders.cardsCount', {
      quantity: order.quantity,
      count: serials.length,
    });
  const twice = serials.find((s, i) => serials.indexOf(s) !== i);
  if (twice) throw new ShipmentRefused('shopOrders.serialsTwice', { serial: twice });
  const lookup = tx.unscoped('uniqueness');
  const found: Item[] =
    serials.length === 0
      ? []
      : kind === 'terminal'
        ? await lookup
            .select({
              id: controllers.id,
              serial: controllers.serialNumber,
              orgId: controllers.orgId,
              deviceId: controllers.deviceId,
            })
            .from(controllers)
            .where(inArray(controllers.serialNumber, serials))
            .all()
        : await lookup
            .select({ id: simCards.id, serial: simCards.iccid, orgId: simCards.orgId, deviceId: simCards.deviceId })
            .from(simCards)
            .where(inArray(simCards.iccid, serials))
            .all();
  for (const serial of serials) {
    const item = found.find((i) => i.serial === serial);
    if (!item) {
      const machine = await lookup
        .select({ id: devices.id })
        .from(devices)
        .where(eq(devices.serialNumber, serial))
        .get();
      if (machine) throw new ShipmentRefused(`shopOrders.serialIsMachine.${kind}`, { serial });
      throw new ShipmentRefused(`shopOrders.serialUnknown.${kind}`, { serial });
    }
    if (item.orgId !== order.sellerOrgId) throw new ShipmentRefused('shopOrders.serialNotInStock', { serial });
    if (item.deviceId !== null) {
      const machine = await lookup
        .select({ serial: devices.serialNumber })
        .from(devices)
        .where(eq(devices.id, item.deviceId))
        .get();
      throw new ShipmentRefused(`shopOrders.serialFitted.${kind}`, { serial, machine: machine?.serial ?? '' });
    }
    const elsewhere = await lookup
      .select({ number: shopOrders.number })
      .from(shopOrders)
      .where(
        and(
          ne(shopOrders.id, order.id),
          sql`${tx.dialect.position(sql`',' || ${shopOrders.serials} || ','`, `,${serial},`)} > 0`,
        ),
      )
      .orderBy(shopOrders.id)
      .get();
    if (elsewhere) throw new ShipmentRefused('shopOrders.serialShipped', { serial, number: elsewhere.number });
  }
  return { kind, items: found };
}

/** The shipped items leave the seller's stock: the buyer owns them (a customer fits them to its own machines). */
export async function handOver(
  tx: ScopedWrite,
  order: ShopOrderRecord,
  shipment: Awaited<ReturnType<typeof itemsToShip>>,
): Promise<void> {
  const ids = shipment.items.map((i) => i.id);
  if (ids.length === 0) return;
  const table = shipment.kind === 'terminal' ? controllers : simCards;
  // The seller's write scope does not reach the buyer: the items were checked to be the seller's just above.
  await tx.unscoped('alreadyScoped').update(table).set({ orgId: order.orgId }).where(inArray(table.id, ids)).run();
}
