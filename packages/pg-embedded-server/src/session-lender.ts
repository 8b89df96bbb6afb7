/**
 * Who may talk to the single PGlite session. A connection borrows it for a whole exchange — up to a Sync
 * or a simple Query — and keeps it while a transaction is open, so two clients' extended-protocol messages
 * never interleave and a transaction sees no one else's statements, as on a real server. Connections wait
 * their turn in arrival order.
 */
export class SessionLender {
  private holder: number | null = null;
  private readonly waiting: { id: number; answer: (granted: boolean) => void }[] = [];

  /** Resolves true when the session is the connection's, false when it left the line first. */
  borrow(id: number): Promise<boolean> {
    if (this.holder === id) return Promise.resolve(true);
    if (this.holder === null) {
      this.holder = id;
      return Promise.resolve(true);
    }
    return new Promise((answer) => this.waiting.push({ id, answer }));
  }

  giveBack(id: number): void {
    if (this.holder !== id) return;
    const next = this.waiting.shift();
    this.holder = next ? next.id : null;
    next?.answer(true);
  }

  /** A connection that goes away while waiting leaves the line. */
  leave(id: number): void {
    const index = this.waiting.findIndex((w) => w.id === id);
    if (index >= 0) this.waiting.splice(index, 1)[0]!.answer(false);
  }
}
