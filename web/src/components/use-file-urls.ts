import { useEffect, useState } from 'react';
import { apiHeaders } from '../lib/api-client.ts';

/**
 * Displayable addresses for stored files (`/api/files/...`). Files of an organisation are only served
 * to a signed-in request, which an <img src> cannot make, so each is fetched with the session's headers
 * and shown from a local object URL. Stored files never change (their names are random), so each is
 * fetched once per page load.
 *
 *   const urls = useFileUrls([company.verification.licenseImage]);
 *   <img src={urls[company.verification.licenseImage]} />
 */
const cache = new Map<string, Promise<string>>();

function load(path: string): Promise<string> {
  let pending = cache.get(path);
  if (!pending) {
    pending = fetch(path, { headers: apiHeaders() })
      .then(async (response) => (response.ok ? URL.createObjectURL(await response.blob()) : ''))
      .catch(() => '');
    // A failure is not remembered: the next render may try again.
    void pending.then((url) => url || cache.delete(path));
    cache.set(path, pending);
  }
  return pending;
}

export function useFileUrls(paths: readonly string[]): Record<string, string> {
  const [resolved, setResolved] = useState<Record<string, string>>({});
  const key = paths.filter(Boolean).join('|');

  useEffect(() => {
    let live = true;
    const wanted = key ? key.split('|') : [];
    void Promise.all(wanted.map(async (path) => [path, await load(path)] as const)).then((entries) => {
      if (live) setResolved(Object.fromEntries(entries));
    });
    return () => {
      live = false;
    };
  }, [key]);

  return resolved;
}
