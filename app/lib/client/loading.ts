import type { Clock } from "./progress.ts";
import { realClock } from "./progress.ts";

/**
 * The loading indicator's flag (spec §4, §9): once work starts, it is checked every `interval` ms and turns
 * visible when `delay` ms have passed; work that ends first never shows it.
 */
export function createDelayedFlag(
  onChange: (visible: boolean) => void,
  opts: { delay: number; interval: number },
  clock: Pick<Clock, "now" | "setInterval" | "clearInterval"> = realClock,
) {
  let startedAt: number | null = null;
  let timer: unknown;
  let visible = false;
  const clear = () => {
    if (timer !== undefined) clock.clearInterval(timer);
    timer = undefined;
  };
  return {
    start() {
      if (startedAt !== null) return;
      startedAt = clock.now();
      timer = clock.setInterval(() => {
        if (startedAt === null || clock.now() - startedAt < opts.delay) return;
        clear();
        visible = true;
        onChange(true);
      }, opts.interval);
    },
    stop() {
      clear();
      startedAt = null;
      if (visible) {
        visible = false;
        onChange(false);
      }
    },
    get visible() {
      return visible;
    },
  };
}
