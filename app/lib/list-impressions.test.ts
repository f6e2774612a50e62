import { describe, expect, it } from "vitest";
import { createImpressionBatcher, type ViewItemListEvent } from "./list-impressions.ts";

const item = (n: number) => ({ item_id: `p${n}`, item_name: `Product ${n}`, index: n });

describe("list impressions", () => {
  it("are pushed in batches of 4, each product once, the rest on flush", () => {
    const events: ViewItemListEvent[] = [];
    const batcher = createImpressionBatcher((e) => events.push(e), { id: "/c/klaer", name: "Klær" });
    for (const n of [0, 1, 2]) batcher.add(item(n));
    expect(events).toEqual([]);
    batcher.add(item(1));
    expect(events).toEqual([]);
    batcher.add(item(3));
    expect(events).toHaveLength(1);
    expect(events[0]?.items.map((i) => i.item_id)).toEqual(["p0", "p1", "p2", "p3"]);
    expect(events[0]?.item_list_name).toBe("Klær");
    expect(events[0]?.items[0]).toMatchObject({ item_list_id: "/c/klaer", index: 0 });
    for (const n of [4, 5]) batcher.add(item(n));
    expect(batcher.pending()).toBe(2);
    batcher.flush();
    batcher.flush();
    expect(events.map((e) => e.items.length)).toEqual([4, 2]);
  });
});
