/**
 * Who may talk to the single PGlite session. A connection borrows it for a whole exchange — up to a Sync
 * or a simple Query — and keeps it while a transaction is open, so two clients' extended-protocol messages
 * never interleave and a transaction sees no one else's statements, as on a real server. Connections wait
 * their turn in arrival order.
 */
export class SessionLender {
  private holder: number | null = null;
  private readonly waiting: { id: number; grant: () => void }[] = [];

  borrow(id: number): Promise<void> {
    if (this.holder === id) return Promise.resolve();
    if (this.holder === null) {
      this.holder = id;
      return Promise.resolve();
    }
    return new Promise((grant) => this.waiting.push({ id, grant }));
  }

  giveBack(id: number): void {
    if (this.holder !== id) return;
    const next = this.waiting.shift();
    this.holder = next ? next.id : null;
    next?.grant();
  }

  /** A connection that goes away while waiting leaves the line. */
  leave(id: number): void {
    const index = this.waiting.findIndex((w) => w.id === id);
    if (index >= 0) this.waiting.splice(index, 1);
  }
}
