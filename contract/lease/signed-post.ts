/**
 * One delivery of a provider's signed callback (the e-signature and the payment providers' alike): a JSON body POSTed
 * with its signature headers. What came back, a status or the error that stopped it; any status but a 2xx is a
 * refusal the provider delivers again later.
 */
export async function postSigned(
  fetchImpl: typeof fetch,
  url: string,
  body: string,
  headers: Record<string, string>,
): Promise<{ status: number | null; error: string; ok: boolean }> {
  try {
    const response = await fetchImpl(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
      signal: AbortSignal.timeout(10_000),
    });
    await response.arrayBuffer();
    return { status: response.status, error: '', ok: response.status >= 200 && response.status < 300 };
  } catch (error) {
    return { status: null, error: error instanceof Error ? error.message : String(error), ok: false };
  }
}
