import type { Config } from "@react-router/dev/config";
import { writePersistedOperations } from "./app/lib/graphql/persisted.ts";
import { precompress } from "./scripts/precompress.ts";

export default {
  appDirectory: "app",
  buildDirectory: "build",
  ssr: true,
  // Every route's manifest entry comes with the first page (one cached module, decision 0073) instead of being
  // discovered as links appear: lazy discovery's no-op router update 4–6 s into the load made every boundary that had
  // not hydrated yet hydrate at once.
  routeDiscovery: { mode: "initial" },
  // The storefront's GraphQL operations are registered at build time: production can accept them by hash.
  // Text assets are precompressed (Brotli 11, gzip 9) once here, so the server never compresses a file.
  async buildEnd({ reactRouterConfig }) {
    await writePersistedOperations(`${reactRouterConfig.buildDirectory}/persisted-operations.json`);
    await precompress(`${reactRouterConfig.buildDirectory}/client`);
  },
} satisfies Config;
