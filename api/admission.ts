/**
 * Admission of expensive executions (decision 0018): a weighted semaphore over operation cost, so a few costly
 * requests cannot take the whole process (on PGlite the database runs on the same thread) and cheap ones, such as
 * a shopper's cart or /healthz, keep being served.
 *
 * - An operation that costs at most `light` runs at once and is not counted.
 * - Others run while the cost in flight stays within `capacity`; else they wait in line, first come first
 *   served, for at most `maxWait` ms. A client (IP) has at most `perClient` of them running or waiting in line.
 * - A client's operations beyond its share wait apart, in the client's own line, at most `perClientParked` of
 *   them (decision 0072): each joins the common line when one of the client's own operations ends, so the
 *   others' line never holds more of one client than its share, and a crawler's ten connections are served in
 *   turn instead of two of them being refused whenever ten renders overlap.
 * - A full line, a client over its share and its own line, or a wait that lasts too long (both lines together)
 *   is refused (`BusyError`): the caller answers 503 with Retry-After.
 */
export interface AdmissionOptions {
  capacity: number;
  light: number;
  maxQueue: number;
  perClient: number;
  /** A client's operations that may wait in its own line beyond its share; 0: refused at once. */
  perClientParked?: number;
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
  /** Each client's operations beyond its share, in order, waiting for one of its own to end. */
  const parked = new Map<string, (() => void)[]>();
  const parkLimit = options.perClientParked ?? 0;

  const count = (client: string | undefined, delta: number) => {
    if (client === undefined) return;
    const n = (perClient.get(client) ?? 0) + delta;
    if (n <= 0) perClient.delete(client);
    else perClient.set(client, n);
    if (delta < 0) unpark(client);
  };

  /**
   * The client's parked operations join the common line, first parked first, while the client is within its share
   * (one refused for a full line does not count, so the next one tries).
   */
  function unpark(client: string) {
    const line = parked.get(client);
    if (!line) return;
    while (line.length > 0 && (perClient.get(client) ?? 0) < options.perClient) line.shift()?.();
    if (line.length === 0 && parked.get(client) === line) parked.delete(client);
  }

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

  /** Runs the operation or puts it in the common line (the client within its share), waiting at most `wait` ms. */
  function enter(cost: number, client: string | undefined, wait: number): Promise<Release> {
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
        reject(new BusyError("wait"));
        count(client, -1);
        drain();
      }, wait);
      timer.unref?.();
      queue.push(waiter);
    });
  }

  return {
    /** Resolves with a release function once the operation may run; rejects with BusyError. */
    admit(cost: number, client?: string): Promise<Release> {
      if (cost <= options.light) return Promise.resolve(() => {});
      if (client === undefined || (perClient.get(client) ?? 0) < options.perClient)
        return enter(cost, client, options.maxWait);
      const line = parked.get(client) ?? [];
      if (line.length >= parkLimit) return Promise.reject(new BusyError("client"));
      parked.set(client, line);
      const deadline = performance.now() + options.maxWait;
      return new Promise<Release>((resolve, reject) => {
        const go = () => {
          clearTimeout(timer);
          enter(cost, client, Math.max(0, deadline - performance.now())).then(resolve, reject);
        };
        const timer = setTimeout(() => {
          const at = line.indexOf(go);
          if (at < 0) return;
          line.splice(at, 1);
          if (line.length === 0 && parked.get(client) === line) parked.delete(client);
          reject(new BusyError("wait"));
        }, options.maxWait);
        timer.unref?.();
        line.push(go);
      });
    },
    /** Cost running now, operations waiting in the common line, and those parked in their client's own line. */
    stats: () => ({
      inFlight,
      queued: queue.length,
      parked: [...parked.values()].reduce((n, line) => n + line.length, 0),
    }),
  };
}

export type Admission = ReturnType<typeof createAdmission>;
