/** How long a tile server may take to deliver its first tile before the offline basemap is drawn instead. */
export const TILE_PROBE_MS = 4000;
/** Failed tiles, with none delivered, that show a tile server is unreachable. */
export const TILE_PROBE_ERRORS = 2;

export type TileVerdict = 'pending' | 'reachable' | 'unreachable';

/**
 * Decides quickly whether a tile server answers: one delivered tile says yes; a few failed tiles before any
 * delivery, or the probe time passing with none, say no. The first verdict stands.
 */
export class TileProbe {
  private errors = 0;
  verdict: TileVerdict = 'pending';

  constructor(private readonly maxErrors = TILE_PROBE_ERRORS) {}

  loaded(): TileVerdict {
    if (this.verdict === 'pending') this.verdict = 'reachable';
    return this.verdict;
  }

  failed(): TileVerdict {
    if (this.verdict === 'pending' && ++this.errors >= this.maxErrors) this.verdict = 'unreachable';
    return this.verdict;
  }

  timedOut(): TileVerdict {
    if (this.verdict === 'pending') this.verdict = 'unreachable';
    return this.verdict;
  }
}

/** Tile servers found unreachable in this page's life: later maps go straight to the offline basemap. */
export const unreachableTileUrls = new Set<string>();
