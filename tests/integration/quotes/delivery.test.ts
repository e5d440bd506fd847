import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leaseContractEndpoints } from '@console/contract/http/lease-contracts';
import { leaseHandoverEndpoints } from '@console/contract/http/lease-handover';
import { signingFixture, type SigningFixture } from '../../fixtures/lease-signing.ts';
import type { TestApp } from '../../fixtures/test-app.ts';
import { createQuote, dayAhead, deskOf, detail, form, machineLine, modelLine, move, type Desk } from './helpers.ts';

describe('quotes: the contract an accepted quote became holds its machines until delivery consumes them', () => {
  let f: SigningFixture;
  let t: TestApp;
  let desk: Desk;
  beforeAll(async () => {
    f = await signingFixture();
    t = f.t;
    desk = await deskOf(t);
  });
  afterAll(() => f.close());

  it('accepted, signed and delivered: the holds are consumed, one machine at a time', async () => {
    const [named, modelled] = [desk.free[0]!, desk.free[1]!];
    const q = await createQuote(t, desk.sales, {
      ...form(t, desk, [machineLine(named.id), modelLine(desk, 2)], 0, 20),
      validUntil: dayAhead(t, 0),
    });
    expect((await move(t, desk.sales, q.id, 'send')).status).toBe('200');
    const accepted = await move(t, desk.sales, q.id, 'accept');
    const contractId = accepted.data.contractId!;
    const submitted = await t.call(leaseContractEndpoints.move, {
      token: desk.sales,
      body: { id: contractId, action: 'submit' },
    });
    expect(submitted.status, submitted.message).toBe('200');
    if (submitted.data.status === 1) {
      const approved = await t.call(leaseContractEndpoints.move, {
        token: desk.admin,
        body: { id: contractId, action: 'approve' },
      });
      expect(approved.status, approved.message).toBe('200');
    }
    await f.sign(contractId);
    const contract = await t.call(leaseContractEndpoints.detail, { token: desk.admin, query: { id: contractId } });
    const lineOf = (deviceId: number | null) => contract.data.lines.find((l) => l.deviceId === deviceId)!.id;

    const entry = await t.call(leaseHandoverEndpoints.create, {
      token: desk.admin,
      body: {
        kind: 'entry',
        contractId,
        day: dayAhead(t, 0),
        deliveredBy: '王师傅',
        receivedBy: '李工',
        machines: [
          { lineId: lineOf(named.id), deviceId: named.id },
          { lineId: lineOf(null), deviceId: modelled.id },
        ],
      },
    });
    expect(entry.status, entry.message).toBe('200');
    expect(
      (await t.call(leaseHandoverEndpoints.confirm, { token: desk.admin, body: { id: entry.data.id } })).status,
    ).toBe('200');
    const d = await detail(t, desk.sales, q.id);
    // The named machine's hold is consumed; the model's count of two has one left to deliver.
    expect(d.reservations.map((r) => [r.state, r.count, r.endReason])).toEqual([
      ['consumed', 1, 'delivered'],
      ['held', 1, ''],
    ]);
  });
});
