import SchemaBuilder from "@pothos/core";
import type { ApiContext } from "./context.ts";

export const builder = new SchemaBuilder<{
  Context: ApiContext;
  DefaultFieldNullability: false;
}>({
  defaultFieldNullability: false,
});

builder.queryType({ description: "Reading the shop: channels, catalog, cart, content." });

/** channelId, marketId and languageId: accepted by every operation; unknown or missing values fall back. */
export const localeArgs = builder.args((t) => ({
  channelId: t.string({ required: false, description: 'Channel, e.g. "1|se" or "2|no".' }),
  marketId: t.string({ required: false, description: 'Market alias, e.g. "se", "no".' }),
  languageId: t.string({ required: false, description: 'Language, e.g. "sv-SE", "nb-NO".' }),
}));
