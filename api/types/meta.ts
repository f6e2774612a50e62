import { builder } from "../builder.ts";

/** Title, description and keywords for a page's head (Geins' MetadataType). */
export const MetaType = builder
  .objectRef<{ title: string | null; description: string | null; keywords?: string | null }>("MetadataType")
  .implement({
    fields: (t) => ({
      title: t.exposeString("title", { nullable: true }),
      description: t.exposeString("description", { nullable: true }),
      keywords: t.string({ nullable: true, resolve: (m) => m.keywords ?? null }),
    }),
  });
