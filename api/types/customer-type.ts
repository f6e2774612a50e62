import { builder } from "../builder.ts";

/** Geins' CustomerType: a private person or an organisation (whose prices show without VAT). */
export const CustomerTypeEnum = builder.enumType("CustomerType", {
  values: { PERSON: {}, ORGANIZATION: {} } as const,
});
