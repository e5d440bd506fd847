import { LEASE_STATUS } from '@console/contract/codes/stock';
import { deviceEndpoints } from '@console/contract/http/devices';
import { riskEndpoints, type RiskCandidate } from '@console/contract/http/risk';
import type { Api } from '../../fixtures/e2e-api.ts';

/** The lease status of a machine in stock (not on lease). */
const IN_STOCK = LEASE_STATUS.codes.find((code) => code.key === 'leaseStatus.stock')!.value;

/**
 * An offline machine in stock the user may lock, counted from the end of the list (other areas' tests take theirs
 * from the start), so each test commands a machine of its own. In stock, because the demo's renters in arrears
 * have their machines on lease locked by the lock day settings (decision 039) while the tests run.
 */
export async function offlineMachine(api: Api, token: string, nth: number): Promise<RiskCandidate> {
  const page = await api.call(riskEndpoints.candidates, { token, query: { pageSize: 200 } });
  const stock = await api.call(deviceEndpoints.list, {
    token,
    query: { leaseStatus: IN_STOCK, pageSize: 200 },
  });
  const inStock = new Set((stock.data.list as { id: number }[]).map((m) => m.id));
  const offline = (page.data.list as RiskCandidate[])
    .filter((m) => !m.online && m.lockLevel === 0 && inStock.has(m.id))
    .reverse();
  const machine = offline[nth];
  if (!machine) throw new Error(`no offline machine #${nth}`);
  return machine;
}
