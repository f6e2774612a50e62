import { ASSUMED_WIDTH } from "#domain/device.ts";

/**
 * The frame's client configuration (spec §3 "Client state: config", §9): breakpoints, the site-top threshold
 * and the timings of the progress bar, loading indicator, notifications and reload guard.
 */
export const FRAME_CONFIG = {
  /** The main area's top padding in px: the header hides only when scrolled down past it. */
  siteTopThreshold: 120,
  /** Smallest width (px) of each viewport class. */
  breakpoints: { phone: 0, tablet: 600, laptop: 1024, desktop: 1360, desktopBig: 1920 },
  /** Widths assumed before the browser has measured, by device class (domain/device.ts ASSUMED_WIDTH). */
  serverWidth: { desktop: ASSUMED_WIDTH.pc, tablet: ASSUMED_WIDTH.tablet, phone: ASSUMED_WIDTH.phone },
  progress: { throttle: 200, duration: 5000, hideDelay: 500, tick: 200 },
  loading: { delay: 1000, interval: 100 },
  notificationHideAfter: 5000,
  reloadGuard: 60_000,
} as const;

export type Breakpoints = Record<keyof (typeof FRAME_CONFIG)["breakpoints"], number>;
