import fc from "fast-check";
import { afterEach, describe, expect, it, vi } from "vitest";
import { BusyError, createAdmission, type Release } from "./admission.ts";

const options = { capacity: 100, light: 10, maxQueue: 2, perClient: 3, maxWait: 5_000 };

afterEach(() => {
  vi.useRealTimers();
});

/** Settles pending promise jobs. */
const flush = () => new Promise((resolve) => setImmediate(resolve));

describe("admission of costly operations", () => {
  it("runs light operations at once, uncounted, even when the capacity is taken", async () => {
    const admission = createAdmission(options);
    await admission.admit(100, "a");
    const light = await admission.admit(10, "b");
    expect(typeof light).toBe("function");
    expect(admission.stats()).toEqual({ inFlight: 100, queued: 0, parked: 0 });
  });

  it("queues what does not fit, first come first served, and refuses when the line is full", async () => {
    const admission = createAdmission(options);
    const first = await admission.admit(60, "a");
    const order: string[] = [];
    const track = (name: string) => (release: Release) => {
      order.push(name);
      return release;
    };
    const second = admission.admit(60, "b").then(track("second"));
    const third = admission.admit(30, "c").then(track("third"));
    await expect(admission.admit(30, "d")).rejects.toEqual(new BusyError("queue"));
    expect(admission.stats()).toEqual({ inFlight: 60, queued: 2, parked: 0 });
    await flush();
    expect(order).toEqual([]);
    first();
    const releaseSecond = await second;
    const releaseThird = await third;
    expect(order).toEqual(["second", "third"]);
    expect(admission.stats()).toEqual({ inFlight: 90, queued: 0, parked: 0 });
    releaseSecond();
    releaseThird();
    expect(admission.stats()).toEqual({ inFlight: 0, queued: 0, parked: 0 });
  });

  it("lets an operation larger than the capacity run alone", async () => {
    const admission = createAdmission(options);
    const big = await admission.admit(500);
    expect(admission.stats().inFlight).toBe(500);
    big();
  });

  it("gives one client at most perClient operations running or waiting", async () => {
    const admission = createAdmission(options);
    const held = [await admission.admit(40, "x"), await admission.admit(40, "x")];
    const waiting = admission.admit(40, "x");
    await expect(admission.admit(40, "x")).rejects.toEqual(new BusyError("client"));
    // Another client still joins the line.
    const other = admission.admit(20, "y");
    expect(admission.stats().queued).toBe(2);
    for (const release of held) release();
    (await waiting)();
    (await other)();
    await expect(admission.admit(40, "x")).resolves.toBeTypeOf("function");
  });

  it("parks a client's operations beyond its share in its own line, at most perClientParked, in order", async () => {
    const admission = createAdmission({ ...options, maxQueue: 5, perClientParked: 2 });
    const held = [await admission.admit(40, "x"), await admission.admit(40, "x")];
    const waiting = admission.admit(40, "x");
    const order: string[] = [];
    const track = (name: string) => (release: Release) => {
      order.push(name);
      return release;
    };
    const parkedA = admission.admit(10.5, "x").then(track("a"));
    const parkedB = admission.admit(11, "x").then(track("b"));
    await expect(admission.admit(40, "x")).rejects.toEqual(new BusyError("client"));
    expect(admission.stats()).toEqual({ inFlight: 80, queued: 1, parked: 2 });
    // Another client joins the common line ahead of x's parked operations: they never take its place.
    const other = admission.admit(20, "y");
    expect(admission.stats()).toEqual({ inFlight: 80, queued: 2, parked: 2 });
    (held[0] as Release)();
    // One of x's ended: the first parked joins the common line behind y.
    expect(admission.stats().parked).toBe(1);
    const releaseWaiting = await waiting;
    const releaseOther = await other;
    await flush();
    // x runs its share (held[1], waiting) and has one in the common line (a): the capacity is taken.
    expect(order).toEqual([]);
    expect(admission.stats()).toEqual({ inFlight: 100, queued: 1, parked: 1 });
    (held[1] as Release)();
    const releaseA = await parkedA;
    const releaseB = await parkedB;
    expect(order).toEqual(["a", "b"]);
    for (const release of [releaseWaiting, releaseOther, releaseA, releaseB]) release();
    expect(admission.stats()).toEqual({ inFlight: 0, queued: 0, parked: 0 });
  });

  it("refuses a parked operation that waited longer than maxWait in both lines", async () => {
    vi.useFakeTimers();
    const admission = createAdmission({ ...options, perClient: 1, perClientParked: 1 });
    const hold = await admission.admit(100, "a");
    const late = admission.admit(50, "a");
    const refused = expect(late).rejects.toEqual(new BusyError("wait"));
    await vi.advanceTimersByTimeAsync(options.maxWait + 1);
    await refused;
    expect(admission.stats()).toEqual({ inFlight: 100, queued: 0, parked: 0 });
    hold();
    await expect(admission.admit(50, "a")).resolves.toBeTypeOf("function");
  });

  it("refuses an operation that waited longer than maxWait, and frees its place", async () => {
    vi.useFakeTimers();
    const admission = createAdmission(options);
    const hold = await admission.admit(100, "a");
    const late = admission.admit(50, "b");
    const refused = expect(late).rejects.toEqual(new BusyError("wait"));
    await vi.advanceTimersByTimeAsync(options.maxWait + 1);
    await refused;
    expect(admission.stats()).toEqual({ inFlight: 100, queued: 0, parked: 0 });
    hold();
  });

  it("never runs more than the capacity at once (except one operation alone), and releases everything", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({ cost: fc.integer({ min: 11, max: 150 }), client: fc.constantFrom("a", "b", "c", "d") }),
          {
            maxLength: 30,
          },
        ),
        fc.array(fc.nat(), { maxLength: 60 }),
        async (ops, picks) => {
          const admission = createAdmission({ ...options, maxQueue: 5, perClientParked: 2 });
          const running: { cost: number; client: string; release: Release }[] = [];
          const pending: Promise<void>[] = [];
          for (const op of ops) {
            pending.push(
              admission.admit(op.cost, op.client).then(
                (release) => void running.push({ cost: op.cost, client: op.client, release }),
                (error: unknown) => expect(error).toBeInstanceOf(BusyError),
              ),
            );
            await flush();
            const inFlight = running.reduce((sum, r) => sum + r.cost, 0);
            expect(running.length <= 1 || inFlight <= options.capacity).toBe(true);
            expect(admission.stats().inFlight).toBe(inFlight);
            // Parking never lets a client run more than its share.
            for (const client of ["a", "b", "c", "d"])
              expect(running.filter((r) => r.client === client).length).toBeLessThanOrEqual(
                options.perClient,
              );
          }
          for (const pick of picks) {
            if (running.length === 0) break;
            const [done] = running.splice(pick % running.length, 1);
            done?.release();
            await flush();
            const inFlight = running.reduce((sum, r) => sum + r.cost, 0);
            expect(running.length <= 1 || inFlight <= options.capacity).toBe(true);
          }
          while (running.length > 0) {
            running.shift()?.release();
            await flush();
          }
          await Promise.all(pending);
          expect(admission.stats()).toEqual({ inFlight: 0, queued: 0, parked: 0 });
        },
      ),
      { numRuns: 100 },
    );
  });
});
