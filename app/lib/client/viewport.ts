import { ASSUMED_WIDTH, deviceClass } from "#domain/device.ts";
import { type Breakpoints, FRAME_CONFIG } from "./config.ts";

/** Viewport classes (spec §3, §9), smallest first. Laptop and up is the computer view. */
export const VIEWPORT_CLASSES = ["phone", "tablet", "laptop", "desktop", "desktopBig"] as const;
export type ViewportClass = (typeof VIEWPORT_CLASSES)[number];

/** The largest class whose breakpoint the width reaches. */
export function viewportClass(
  width: number,
  breakpoints: Breakpoints = FRAME_CONFIG.breakpoints,
): ViewportClass {
  let found: ViewportClass = "phone";
  for (const name of VIEWPORT_CLASSES) if (width >= breakpoints[name]) found = name;
  return found;
}

export function isComputerView(name: ViewportClass, breakpoints: Breakpoints = FRAME_CONFIG.breakpoints) {
  return breakpoints[name] >= breakpoints.laptop;
}

/** The width assumed before measuring, from the User-Agent (and Client Hints, see domain/device.ts). */
export function assumedWidth(userAgent: string | null | undefined, chUaMobile?: string | null): number {
  return ASSUMED_WIDTH[deviceClass({ userAgent, chUaMobile })];
}
