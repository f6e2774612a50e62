import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";
import { messageCatalogs } from "./scripts/message-catalogs.ts";

/**
 * React, React DOM and React Router (with the small packages they bring) are needed by every page and change
 * together, only when they are upgraded: one long-cached chunk instead of five pieces, which means fewer
 * requests on every first visit (a phone on HTTP/1.1 opens six connections) and slightly better compression.
 * The storefront's own code keeps Rolldown's automatic splitting by route.
 */
const FRAMEWORK =
  /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/;

/**
 * The chunks a page asks for while it hydrates (decision 0060's deferred parts: the header's search, the footer,
 * product cards, the product details, the checkout form) are preloaded by Vite's helper with `<link
 * rel="modulepreload">` elements it adds itself, which Chromium fetches at High priority — beside the largest
 * image, which may still be loading on a slow phone. They get the low priority the head's own preloads have
 * (app/lib/module-preloads.ts). The helper's code is Vite's; when its shape changes the build says so here, and
 * tests/e2e/performance.test.ts checks the priority every script is fetched with.
 */
function lowPriorityHelperPreloads(): Plugin {
  const marker = 'link.crossOrigin = "";';
  return {
    name: "mili:low-priority-helper-preloads",
    apply: "build",
    transform: {
      filter: { id: /^\0vite\/preload-helper\.js$/ },
      handler(code) {
        if (!code.includes(marker)) throw new Error(`Vite's preload helper has changed: no ${marker}`);
        return code.replace(marker, `${marker} if (!isCss) link.fetchPriority = "low";`);
      },
    },
  };
}

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), messageCatalogs(), lowPriorityHelperPreloads()],
  build: {
    assetsInlineLimit: 0,
    rolldownOptions: {
      output: { codeSplitting: { groups: [{ name: "framework", test: FRAMEWORK, priority: 1 }] } },
    },
  },
});
