import type { Config } from "@react-router/dev/config";
import { writePersistedOperations } from "./app/lib/graphql/persisted.ts";

export default {
  appDirectory: "app",
  buildDirectory: "build",
  ssr: true,
  // The storefront's GraphQL operations are registered at build time: production can accept them by hash.
  async buildEnd({ reactRouterConfig }) {
    await writePersistedOperations(`${reactRouterConfig.buildDirectory}/persisted-operations.json`);
  },
} satisfies Config;
