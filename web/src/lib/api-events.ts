/**
 * What the API client tells the shell: requests in flight (the loading overlay counts them) and errors to
 * toast. A tiny emitter so the client has no React dependency.
 */
type ApiEvent =
  { type: 'pending'; delta: 1 | -1 } | { type: 'error'; message: string; network: boolean } | { type: 'logout' };

const listeners = new Set<(event: ApiEvent) => void>();

export function onApiEvent(listener: (event: ApiEvent) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function emitApiEvent(event: ApiEvent): void {
  listeners.forEach((listener) => listener(event));
}
