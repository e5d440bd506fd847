import { LEASE_STATUS } from '@console/contract/codes/stock';
import { deviceEndpoints } from '@console/contract/http/devices';
import { riskEndpoints, type RiskCandidate } from '@console/contract/http/risk';
import type { Api } from '../../fixtures/e2e-api.ts';

/** The lease status of a machine in stock (not on lease). */
const IN_STOCK = LEASE_STATUS.codes.find((code) => code.key === 'leaseStatus.stock')!.value;

/**
 * An offline machine in stock the user may lock, counted from the end of the list (other areas' tests take theirs
 * from the start), so each test commands a machine of its own. In stock, because the demo's renters in arrears
 * have their machines on lease locked by the lock day settings (decision 039) once the arrears flow switches the demo
 * lessor's arrears locking on, while the tests run.
 */
export async function offlineMachine(api: Api, token: string, nth: number): Promise<RiskCandidate> {
  const stock = await api.call(deviceEndpoints.list, { token, query: { leaseStatus: IN_STOCK, pageSize: 200 } });
  const found: RiskCandidate[] = [];
  for (const { id } of [...(stock.data.list as { id: number }[])].reverse()) {
    const one = await api.call(riskEndpoints.candidates, { token, query: { deviceId: id } });
    const machine = (one.data.list as RiskCandidate[])[0];
    if (machine && !machine.online && machine.lockLevel === 0) found.push(machine);
    if (found.length > nth) return found[nth]!;
  }
  throw new Error(`no offline machine in stock #${nth}`);
}
