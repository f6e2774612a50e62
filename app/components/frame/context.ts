import { createContext, useContext } from "react";
import type { CustomerType } from "../../lib/customer-types.ts";

export interface CustomerTypeOption {
  type: CustomerType;
  vatIncluded: boolean;
}

/** The configured customer types (lib/customer-types.ts's CUSTOMER_TYPES, provided by the root's App). */
export const CustomerTypesContext = createContext<CustomerTypeOption[]>([
  { type: "PERSON", vatIncluded: true },
]);

export function useCustomerTypes(): CustomerTypeOption[] {
  return useContext(CustomerTypesContext);
}
