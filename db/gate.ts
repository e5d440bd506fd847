import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * One SQLite connection serves every request of the process, and its statements are promises: two requests whose
 * continuations wait in the microtask queue at once take turns statement by statement. A transaction must not see
 * another request's statement run inside it (that statement would commit or roll back with it), so a transaction
 * holds the connection's gate for its whole life, and a statement of any other context waits until it is released.
 * The context that holds it is marked with AsyncLocalStorage, so everything the transaction's body awaits (its own
 * statements, the functions it calls) passes freely. The gate is free nearly always: then a statement does not wait.
 */
export class ConnectionGate {
  readonly #context = new AsyncLocalStorage<object>();
  #holder: object | undefined;
  #waiting: (() => void)[] = [];

  /** Whether the current context holds the gate (a transaction inside it becomes a savepoint). */
  holds(): boolean {
    return this.#holder !== undefined && this.#context.getStore() === this.#holder;
  }

  /** Nothing when a statement of the current context may run now, else a promise of the moment it may. */
  pass(): Promise<void> | undefined {
    if (this.#holder === undefined || this.holds()) return undefined;
    return this.#released().then(() => this.pass());
  }

  /** Run `work` holding the gate: after any holder before it, and with other contexts' statements waiting. */
  async hold<T>(work: () => Promise<T>): Promise<T> {
    while (this.#holder !== undefined) await this.#released();
    const holder = {};
    this.#holder = holder;
    try {
      return await this.#context.run(holder, work);
    } finally {
      this.#holder = undefined;
      const waiting = this.#waiting;
      this.#waiting = [];
      for (const wake of waiting) wake();
    }
  }

  #released(): Promise<void> {
    return new Promise((resolve) => this.#waiting.push(resolve));
  }
}
