import type { ShopItem } from "./analytics/data-layer.ts";

/**
 * List impressions (spec §7 analytics `view_item_list`, §9 "List impressions flushed in batches of 4"): every
 * product seen in a list is queued once; each full batch of 4 is pushed to the event bus as one
 * `view_item_list` event, and what is left is pushed when the list goes away (`flush`).
 */
export interface ImpressionItem extends ShopItem {
  item_id: string;
  item_name: string;
  item_list_id: string;
  item_list_name: string;
  /** Position in the list, from 0. */
  index: number;
}

export interface ViewItemListEvent {
  currency?: string;
  item_list_id: string;
  item_list_name: string;
  items: ImpressionItem[];
}

export const IMPRESSION_BATCH = 4;

export function createImpressionBatcher(
  push: (event: ViewItemListEvent) => void,
  list: { id: string; name: string; currency?: string | undefined },
  size = IMPRESSION_BATCH,
) {
  const seen = new Set<string>();
  let queue: ImpressionItem[] = [];
  const send = (items: ImpressionItem[]) =>
    push({
      ...(list.currency ? { currency: list.currency } : {}),
      item_list_id: list.id,
      item_list_name: list.name,
      items,
    });
  return {
    /** Queues a product seen for the first time; sends a batch once `size` are waiting. */
    add(item: Omit<ImpressionItem, "item_list_id" | "item_list_name">): void {
      if (seen.has(item.item_id)) return;
      seen.add(item.item_id);
      queue.push({ ...item, item_list_id: list.id, item_list_name: list.name });
      while (queue.length >= size) {
        send(queue.slice(0, size));
        queue = queue.slice(size);
      }
    },
    /** Sends what is waiting (fewer than a batch). */
    flush(): void {
      if (!queue.length) return;
      const items = queue;
      queue = [];
      send(items);
    },
    pending(): number {
      return queue.length;
    },
  };
}
