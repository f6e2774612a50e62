import SchemaBuilder from "@pothos/core";
import type { AdminContext } from "./context.ts";

/**
 * The back office's own schema builder (decision 0037): never merged with the shop's (api/builder.ts), so no
 * admin field can ever be reached through /graphql and the shop's schema.graphql does not name them.
 */
export const adminBuilder = new SchemaBuilder<{ Context: AdminContext; DefaultFieldNullability: false }>({
  defaultFieldNullability: false,
});

adminBuilder.queryType({ description: "The back office: reading the shop as its staff." });
adminBuilder.mutationType({ description: "The back office: every change is recorded in the audit log." });
