import '../test/node-globals.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deviceEndpoints } from '@console/contract/http/devices';
import { askEarly, dropEarly, takeEarly } from './early-calls.ts';
import { endpointQuery } from './endpoint-query.ts';
import { requestHeaders } from './request-headers.ts';
import { startLang } from './start-lang.ts';

const ROWS = { list: [{ id: 7 }], total: 1, page: 2, pageSize: 20 };

/** The server's answers by address, as the console's fetch would get them; every address asked is kept. */
function serve(answers: Record<string, unknown>) {
  const asked: string[] = [];
  vi.stubGlobal('fetch', (url: string) => {
    asked.push(url);
    return Promise.resolve(new Response(JSON.stringify(answers[url]), { status: 200 }));
  });
  return asked;
}

/** Until the answers asked for early have come in (their bodies are read as they arrive). */
const arrived = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('a read the page entry asked for early', () => {
  afterEach(() => {
    dropEarly();
    vi.unstubAllGlobals();
  });

  it('starts with the answer once it is in, and does not ask again as it mounts, once', async () => {
    const asked = serve({ '/api/device/list.do?page=2': { status: '200', data: ROWS } });
    askEarly(['/device/list.do?page=2'], startLang(), undefined);
    await arrived();
    const first = endpointQuery(deviceEndpoints.list, { page: '2' } as never);
    expect(typeof first.initialData === 'function' && first.initialData()).toEqual(ROWS);
    const at = first.initialDataUpdatedAt as number;
    const refetchOnMount = first.refetchOnMount as (q: unknown) => boolean;
    const query = (dataUpdatedAt: number) => ({ queryHash: JSON.stringify(first.queryKey), state: { dataUpdatedAt } });
    expect(refetchOnMount(query(at))).toBe(false);
    // Once the read has asked again, a mount asks as for any read.
    expect(refetchOnMount(query(at + 1))).toBe(true);
    // Taken: a later read of the same address asks the server.
    expect(endpointQuery(deviceEndpoints.list, { page: '2' } as never).initialData).toBeUndefined();
    expect(asked).toEqual(['/api/device/list.do?page=2']);
  });

  it('leaves a refusal to the read, which takes it as its answer', async () => {
    serve({ '/api/device/list.do': { status: '401', message: 'signed out', data: null } });
    askEarly(['/device/list.do'], startLang(), undefined);
    await arrived();
    expect(endpointQuery(deviceEndpoints.list).initialData).toBeUndefined();
    const answer = takeEarly('/api/device/list.do', requestHeaders(startLang(), undefined, false));
    expect(await (await answer!).json()).toMatchObject({ status: '401' });
  });

  it('is dropped once the console has moved on', async () => {
    serve({ '/api/device/list.do': { status: '200', data: ROWS } });
    askEarly(['/device/list.do'], startLang(), undefined);
    await arrived();
    dropEarly();
    expect(endpointQuery(deviceEndpoints.list).initialData).toBeUndefined();
  });
});
