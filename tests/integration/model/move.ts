import type fc from 'fast-check';
import type { Model } from './commands.ts';
import type { World } from './world.ts';

/** A move: logged, run, timed, then the invariants checked. */
export abstract class Move implements fc.AsyncCommand<Model, World> {
  abstract readonly name: string;
  abstract readonly params: Record<string, unknown>;
  /** Whether the move may be drawn in the model's state; the money moves always may (the product refuses what it must). */
  check(_m: Readonly<Model>): boolean {
    return true;
  }
  protected abstract act(m: Model, w: World): Promise<void>;
  async run(m: Model, w: World) {
    w.begin(this.toString());
    const started = performance.now();
    await this.act(m, w);
    w.time(this.name, performance.now() - started);
    await w.check();
  }
  toString() {
    const args = Object.entries(this.params)
      .map(([k, v]) => `${k}: ${JSON.stringify(v)}`)
      .join(', ');
    return `${this.name}({ ${args} })`;
  }
}
