import { AsyncLocalStorage } from "node:async_hooks";
import { retryLater } from "../../http/errors";

const busy = () => retryLater("SERVER_BUSY", "El servidor está ocupado. Inténtalo de nuevo en unos segundos.", 1);

/**
 * At most `concurrency` tasks at once, and at most `queue` more waiting for a free place (first come, first served);
 * one more is refused at once with SERVER_BUSY (503, Retry-After). Nothing waits without limit: a waiting task waits
 * for at most `queue ÷ concurrency` tasks ahead of it to end. Re-entrant: a task run inside another task of the same
 * limiter (a whole public sign-in request, then its password check) takes no second place.
 */
export class ConcurrencyLimiter {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly holding = new AsyncLocalStorage<true>();

  constructor(
    readonly concurrency: number,
    readonly queue: number,
  ) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.holding.getStore()) return task();
    if (this.active < this.concurrency) this.active++;
    else if (this.waiting.length < this.queue) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else throw busy();
    try {
      return await this.holding.run(true, task);
    } finally {
      // The place passes straight to the next waiting task, so a newcomer cannot overtake it.
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    }
  }

  get load(): { active: number; waiting: number } {
    return { active: this.active, waiting: this.waiting.length };
  }
}
