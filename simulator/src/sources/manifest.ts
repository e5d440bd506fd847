import { API_STATUS } from '@console/contract/http/envelope';
import { FLEET_PROOF_HEADER, fleetManifestEndpoints, fleetProof } from '@console/contract/http/fleet-manifest';
import { specFromManifest, type MachineSpec } from '../fleet/spec.ts';

export interface ManifestOptions {
  /** The server, e.g. http://127.0.0.1:8080. */
  serverUrl: string;
  fleetSecret: string;
  shard: number;
  shards: number;
}

/** Thrown when the server answers but refuses (wrong FLEET_SECRET); other failures mean "not up yet". */
export class ManifestRefused extends Error {}

/** One read of the manifest. */
export interface ManifestRead {
  /** Which machines are listed: asked again with it, the server answers `changed: false` while they stay. */
  version: string;
  /** false: the same machines as the version asked with (and `machines` is empty). */
  changed: boolean;
  machines: MachineSpec[];
}

/** The machines this process should be, from the server's fleet manifest (unless unchanged since `since`). */
export async function fetchManifest(options: ManifestOptions, since?: string): Promise<ManifestRead> {
  const { manifest } = fleetManifestEndpoints;
  const url = new URL(`/api${manifest.path}`, options.serverUrl);
  url.searchParams.set('shard', String(options.shard));
  url.searchParams.set('shards', String(options.shards));
  if (since) url.searchParams.set('since', since);
  const response = await fetch(url, {
    headers: { [FLEET_PROOF_HEADER]: fleetProof(options.fleetSecret), lang: 'en_US' },
    signal: AbortSignal.timeout(60_000),
  });
  if (!response.ok) throw new Error(`${url.origin} answered HTTP ${response.status}`);
  const envelope = (await response.json()) as { status?: string; message?: string; data?: unknown };
  if (envelope.status === API_STATUS.forbidden) {
    throw new ManifestRefused('the server refused the fleet manifest: is FLEET_SECRET the same as the server’s?');
  }
  if (envelope.status !== API_STATUS.ok) throw new Error(`the server answered ${envelope.status} ${envelope.message}`);
  const { version, changed, machines } = manifest.response.parse(envelope.data);
  return { version, changed, machines: machines.map(specFromManifest) };
}

/** Why a read failed, in a few words ("not answering (ECONNREFUSED)"). */
export function failureReason(error: unknown): string {
  const cause = (error as { cause?: { code?: string } }).cause?.code;
  return cause ? `not answering (${cause})` : error instanceof Error ? error.message : String(error);
}

/**
 * Ask until the server answers: it may still be starting (seeding a fresh database takes a while). Retries
 * every `retryMs`, logging only when the reason changes.
 */
export async function waitForManifest(
  read: () => Promise<ManifestRead>,
  options: { serverUrl: string; log: (message: string) => void; retryMs?: number; stopped?: () => boolean },
): Promise<ManifestRead | null> {
  let said = '';
  while (!options.stopped?.()) {
    try {
      return await read();
    } catch (error) {
      const reason = failureReason(error);
      if (reason !== said) options.log(`waiting for the fleet manifest from ${options.serverUrl}: ${reason}`);
      said = reason;
    }
    await new Promise((r) => setTimeout(r, options.retryMs ?? 1000));
  }
  return null;
}
