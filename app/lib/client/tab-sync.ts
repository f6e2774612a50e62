/** Tab sync (spec §4, §7): cart, user and market changes are broadcast to the shop's other tabs. */
export const TAB_CHANNEL = "mili_channel";

export type TabMessage =
  | { type: "auth"; user: string | null }
  | { type: "cart"; cartId: string | null }
  | { type: "market"; market: string }
  | { type: "checkout-market"; market: string };

export interface ChannelLike {
  postMessage(message: unknown): void;
  close(): void;
  onmessage: ((event: { data: unknown }) => void) | null;
}

/** Whether a message from another tab has a known type and the fields it needs (anything else is ignored). */
export function isTabMessage(value: unknown): value is TabMessage {
  if (!value || typeof value !== "object") return false;
  const m = value as Record<string, unknown>;
  switch (m.type) {
    case "auth":
      return m.user === null || typeof m.user === "string";
    case "cart":
      return m.cartId === null || typeof m.cartId === "string";
    case "market":
    case "checkout-market":
      return typeof m.market === "string" && m.market.length > 0;
    default:
      return false;
  }
}

function openBroadcastChannel(name: string): ChannelLike | null {
  return typeof BroadcastChannel === "undefined" ? null : (new BroadcastChannel(name) as ChannelLike);
}

/** One channel per tab, opened on first use; without BroadcastChannel every call is a no-op. */
export function createTabSync(open: (name: string) => ChannelLike | null = openBroadcastChannel) {
  let channel: ChannelLike | null | undefined;
  const listeners = new Set<(message: TabMessage) => void>();
  const ensure = () => {
    if (channel === undefined) {
      channel = open(TAB_CHANNEL);
      if (channel) {
        channel.onmessage = (event) => {
          if (!isTabMessage(event.data)) return;
          for (const listener of [...listeners]) listener(event.data);
        };
      }
    }
    return channel;
  };
  return {
    post(message: TabMessage) {
      ensure()?.postMessage(message);
    },
    subscribe(listener: (message: TabMessage) => void): () => void {
      ensure();
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    close() {
      channel?.close();
      channel = undefined;
      listeners.clear();
    },
  };
}

export const tabSync = createTabSync();
