import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { expect } from 'vitest';
import { ROLE } from '@console/contract/codes/roles';
import { onlinePaymentEndpoints } from '@console/contract/http/online-payments';
import { DEV_PAYGATE_MERCHANT, DEV_PAYGATE_SECRET } from '@console/contract/shop/paygate-protocol';
import { createPaygateApp } from '@console/paygate/src/app';
import { Paygate } from '@console/paygate/src/provider';
import { customerPersonMobile } from '@console/db/seed/people';
import { PAYGATE_NOTIFY_PATH } from '@console/server/src/shop/paygate-client';
import { signingFixture } from '../../fixtures/lease-signing.ts';
import { eventually } from '../../fixtures/server-process.ts';
import type { TestApp } from '../../fixtures/test-app.ts';
import { arrearsLease } from '../lease-billing/arrears-helpers.ts';

/** The address the provider is told to notify; its deliveries reach the server under test in process. */
const CONSOLE = 'http://console.test';

/**
 * A server on the demo business with the e-signature provider (to sign a lease) and the simulated payment provider
 * the shop uses, over real HTTP: the server opens payments at the provider by its URL, and the provider notifies
 * the server, signed. The provider follows the server's clock. The demo renter has one contract whose one bill is
 * overdue (`amountCents`), its arrears at a step.
 */
export async function payFixture(amountCents: number) {
  const rig = await payRig();
  return { ...rig, lease: await arrearsLease(rig.f, { overdue: 4, amountCents }) };
}
export type PayFixture = Awaited<ReturnType<typeof payFixture>>;

/** The server and the payment provider of `payFixture`, with no lease made yet. */
export async function payRig() {
  let app: TestApp['app'] | null = null;
  let now = Date.now;
  const clock = () => now();
  const toConsole: typeof fetch = (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    if (!app) return Promise.resolve(new Response('starting', { status: 503 }));
    return Promise.resolve(app.request(`${url.pathname}${url.search}`, init));
  };
  const paygate = new Paygate(
    { id: DEV_PAYGATE_MERCHANT, secret: DEV_PAYGATE_SECRET },
    () => provider.url,
    toConsole,
    clock,
  );
  const provider = await new Promise<{ server: ServerType; url: string }>((resolve) => {
    const server = serve({ fetch: createPaygateApp(paygate, clock).fetch, port: 0, hostname: '127.0.0.1' }, (info) =>
      resolve({ server, url: `http://127.0.0.1:${(info as AddressInfo).port}` }),
    );
  });
  const f = await signingFixture({
    PAYGATE_URL: provider.url,
    PAYGATE_NOTIFY_URL: `${CONSOLE}${PAYGATE_NOTIFY_PATH}`,
  });
  app = f.t.app;
  now = f.t.deps.now;
  const control = async (path: string, body?: unknown) => {
    const response = await fetch(`${provider.url}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  /** Wait until the provider has nothing left to send. */
  const settled = () => eventually('notifications delivered', () => paygate.outstanding() === 0 || undefined);
  const close = async () => {
    paygate.stop();
    await new Promise((r) => provider.server.close(r));
    await f.close();
  };
  return {
    f,
    t: f.t,
    paygate,
    control,
    settled,
    close,
    renter: () => f.t.tokenFor(ROLE.other),
    /** A user of another renter of the same rental company (the seed's customers' people). */
    otherRenter: () => f.t.tokenForAccount(customerPersonMobile(2)),
    staff: () => f.t.tokenFor(ROLE.lessorStaff),
    admin: () => f.t.tokenFor(ROLE.lessorAdmin),
  };
}
export type PayRig = Awaited<ReturnType<typeof payRig>>;

/** The provider's payment id in a pay page's address. */
export const providerIdOf = (payUrl: string) => payUrl.split('/pay/')[1]!.split('?')[0]!;

/** The renter's user opens a payment of bills or of a deposit, in full or of `amountCents`, and is sent to pay it. */
export async function openPayment(
  rig: PayRig,
  pays: { billIds: number[] } | { depositId: number },
  amountCents?: number,
) {
  const made = await rig.t.call(onlinePaymentEndpoints.create, {
    token: await rig.renter(),
    body: { ...pays, ...(amountCents ? { amountCents } : {}) },
  });
  expect(made.status, made.message).toBe('200');
  return { ...made.data.payment, providerId: providerIdOf(made.data.payUrl) };
}
