import { builder } from "../builder.ts";

/** Geins' CustomerType: a private person or an organisation (whose prices show without VAT). */
export const CustomerTypeEnum = builder.enumType("CustomerType", {
  description: "Customer type",
  values: {
    PERSON: { description: "Private person" },
    ORGANIZATION: { description: "Organization" },
  } as const,
});
