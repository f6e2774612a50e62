import { FRAME_CONFIG } from "./config.ts";

/** Notifications (spec §3, §4): one at a time; showing one replaces the earlier; each hides after 5000 ms. */
export type Placement = "top-right" | "top-left" | "bottom-right" | "bottom-left";
export type NotificationMode = "info" | "success" | "error";

export interface Notification {
  id: number;
  message: string;
  placement: Placement;
  mode: NotificationMode;
  /** What the notification is about, e.g. the added-to-cart one: product, quantity and skuId, an image, a link. */
  detail?: NotificationDetail;
}

export interface NotificationDetail {
  image?: string;
  link?: { href: string; label: string };
  data?: Record<string, unknown>;
}

export function createNotifications(
  hideAfter: number,
  timers: {
    setTimeout(fn: () => void, ms: number): unknown;
    clearTimeout(id: unknown): void;
  } = {
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
  },
) {
  let current: Notification | null = null;
  let timer: unknown;
  let seq = 0;
  const listeners = new Set<() => void>();
  const emit = () => {
    for (const listener of [...listeners]) listener();
  };
  const dismiss = (id?: number) => {
    if (!current || (id !== undefined && current.id !== id)) return;
    if (timer !== undefined) timers.clearTimeout(timer);
    timer = undefined;
    current = null;
    emit();
  };
  return {
    show(n: {
      message: string;
      placement?: Placement;
      mode?: NotificationMode;
      detail?: NotificationDetail;
    }): number {
      if (timer !== undefined) timers.clearTimeout(timer);
      seq += 1;
      const id = seq;
      current = {
        id,
        message: n.message,
        placement: n.placement ?? "top-right",
        mode: n.mode ?? "info",
        ...(n.detail ? { detail: n.detail } : {}),
      };
      timer = timers.setTimeout(() => dismiss(id), hideAfter);
      emit();
      return id;
    },
    dismiss,
    get: (): Notification | null => current,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

export type Notifications = ReturnType<typeof createNotifications>;

/** The page's notifications. */
export const notifications = createNotifications(FRAME_CONFIG.notificationHideAfter);
