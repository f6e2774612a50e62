/**
 * Admission of expensive executions (decision 0018): a weighted semaphore over operation cost, so a few costly
 * requests cannot take the whole process (on PGlite the database runs on the same thread) and cheap ones, such as
 * a shopper's cart or /healthz, keep being served.
 *
 * - An operation that costs at most `light` runs at once and is not counted.
 * - Others run while the cost in flight stays within `capacity`; else they wait in line, first come first
 *   served, for at most `maxWait` ms. A client (IP) has at most `perClient` of them running or waiting.
 * - A full line, a client over its share or a wait that lasts too long is refused (`BusyError`): the caller
 *   answers 503 with Retry-After.
 */
export interface AdmissionOptions {
  capacity: number;
  light: number;
  maxQueue: number;
  perClient: number;
  maxWait: number;
}

export class BusyError extends Error {
  readonly reason: "queue" | "client" | "wait";
  constructor(reason: "queue" | "client" | "wait") {
    super("The server is busy");
    this.reason = reason;
    this.name = "BusyError";
  }
}

export type Release = () => void;

interface Waiter {
  cost: number;
  client: string | undefined;
  admit: (release: Release) => void;
}

export function createAdmission(options: AdmissionOptions) {
  let inFlight = 0;
  const queue: Waiter[] = [];
  const perClient = new Map<string, number>();

  const count = (client: string | undefined, delta: number) => {
    if (client === undefined) return;
    const n = (perClient.get(client) ?? 0) + delta;
    if (n <= 0) perClient.delete(client);
    else perClient.set(client, n);
  };

  const releaser = (cost: number, client: string | undefined): Release => {
    let done = false;
    return () => {
      if (done) return;
      done = true;
      inFlight -= cost;
      count(client, -1);
      drain();
    };
  };

  function drain() {
    while (queue.length > 0) {
      const head = queue[0] as Waiter;
      // The line's head runs alone when it is larger than the capacity on its own.
      if (inFlight > 0 && inFlight + head.cost > options.capacity) return;
      queue.shift();
      inFlight += head.cost;
      head.admit(releaser(head.cost, head.client));
    }
  }

  return {
    /** Resolves with a release function once the operation may run; rejects with BusyError. */
    admit(cost: number, client?: string): Promise<Release> {
      if (cost <= options.light) return Promise.resolve(() => {});
      if (client !== undefined && (perClient.get(client) ?? 0) >= options.perClient)
        return Promise.reject(new BusyError("client"));
      if (queue.length === 0 && (inFlight === 0 || inFlight + cost <= options.capacity)) {
        inFlight += cost;
        count(client, 1);
        return Promise.resolve(releaser(cost, client));
      }
      if (queue.length >= options.maxQueue) return Promise.reject(new BusyError("queue"));
      count(client, 1);
      return new Promise<Release>((resolve, reject) => {
        const waiter: Waiter = {
          cost,
          client,
          admit: (release) => {
            clearTimeout(timer);
            resolve(release);
          },
        };
        const timer = setTimeout(() => {
          const at = queue.indexOf(waiter);
          if (at < 0) return;
          queue.splice(at, 1);
          count(client, -1);
          reject(new BusyError("wait"));
          drain();
        }, options.maxWait);
        timer.unref?.();
        queue.push(waiter);
      });
    },
    /** Cost running now and operations waiting (for metrics and tests). */
    stats: () => ({ inFlight, queued: queue.length }),
  };
}

export type Admission = ReturnType<typeof createAdmission>;
