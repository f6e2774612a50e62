export type CustomerType = "PERSON" | "ORGANIZATION";

/** Customer types from configuration, each with whether its prices include VAT. */
export const CUSTOMER_TYPES: { type: CustomerType; vatIncluded: boolean }[] = [
  { type: "PERSON", vatIncluded: true },
  { type: "ORGANIZATION", vatIncluded: false },
];
