import { afterEach, describe, expect, it } from 'vitest';
import { DEV_FLEET_SECRET } from '@console/contract/mqtt/credentials';
import type { MqttLink } from './mqtt-link.ts';
import { MqttTransport, VISITOR_SOCKETS } from './mqtt-transport.ts';

const handlers = { onCommand: () => undefined, onUp: () => undefined, onDown: () => undefined };
const serials = (prefix: string, n: number) =>
  Array.from({ length: n }, (_, i) => `${prefix}${String(i).padStart(5, '0')}`);

/**
 * The connection plan as a fleet changes while it runs (machines are placed, none is opened: no broker is needed).
 * A budget of VISITOR_SOCKETS + 2 sockets: beyond it, two residents and the rest visitors.
 */
describe('the connection plan of a fleet that changes', () => {
  const transport = new MqttTransport({
    url: 'mqtt://127.0.0.1:1',
    fleetSecret: DEV_FLEET_SECRET,
    maxConnections: VISITOR_SOCKETS + 2,
    log: () => undefined,
  });
  const links = new Map<string, MqttLink>();
  let size = 0;
  const join = (added: string[]) => {
    size += added.length;
    transport.plan(size);
    for (const serial of added) links.set(serial, transport.link(serial, handlers) as MqttLink);
  };
  const leave = (left: string[]) => {
    size -= left.length;
    for (const serial of left) transport.unlink(serial);
    transport.plan(size);
  };
  const residents = () => [...links.entries()].filter(([, l]) => l.resident).map(([serial]) => serial);
  afterEach(() => transport.close(0));

  it('keeps every machine connected within the budget, makes the last residents visitors past it, and back', () => {
    const first = serials('FIRST', 3);
    join(first);
    expect(transport.stats()).toMatchObject({ resident: 3, visitors: 0 });
    // Past the budget: the first two stay residents, the third and the machines that joined visit.
    const crowd = serials('CROWD', VISITOR_SOCKETS + 1);
    join(crowd);
    expect(transport.stats()).toMatchObject({ resident: 2, visitors: VISITOR_SOCKETS + 2 });
    expect(residents()).toEqual(first.slice(0, 2));
    // A resident leaves: the next in line takes its place.
    leave([first[0]!]);
    links.delete(first[0]!);
    expect(residents()).toEqual(first.slice(1, 3));
    expect(transport.stats()).toMatchObject({ resident: 2, visitors: VISITOR_SOCKETS + 1 });
    // Back within the budget: every machine keeps its connection again.
    leave(crowd.slice(0, 10));
    for (const serial of crowd.slice(0, 10)) links.delete(serial);
    expect(transport.stats()).toMatchObject({ resident: size, visitors: 0 });
    expect(residents()).toHaveLength(size);
  });
});
