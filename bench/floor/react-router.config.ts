import type { Config } from "@react-router/dev/config";
import { precompress } from "../../scripts/precompress.ts";

/**
 * The empty-page floor of bench/lighthouse.ts (issue 16): React Router 8's starting point, server-rendered, built
 * for production, its scripts precompressed as the shop's are (so the two differ by their pages, not by transport).
 */
export default {
  appDirectory: "app",
  buildDirectory: "build",
  ssr: true,
  async buildEnd({ reactRouterConfig }) {
    await precompress(`${reactRouterConfig.buildDirectory}/client`);
  },
} satisfies Config;
