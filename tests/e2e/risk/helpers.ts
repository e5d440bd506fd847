import { riskEndpoints, type RiskCandidate } from '@console/contract/http/risk';
import type { Api } from '../../fixtures/e2e-api.ts';

/**
 * An offline machine the user may lock, counted from the end of the list (other areas' tests take theirs from
 * the start), so each test commands a machine of its own.
 */
export async function offlineMachine(api: Api, token: string, nth: number): Promise<RiskCandidate> {
  const page = await api.call(riskEndpoints.candidates, { token, query: { pageSize: 200 } });
  const offline = (page.data.list as RiskCandidate[]).filter((m) => !m.online && m.lockLevel === 0).reverse();
  const machine = offline[nth];
  if (!machine) throw new Error(`no offline machine #${nth}`);
  return machine;
}
