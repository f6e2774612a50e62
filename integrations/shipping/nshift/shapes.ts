/** The shapes of the nShift-style delivery checkout protocol, shared by the adapter and its sandbox. */

/** The delivery checkout's answer, one entry per option. */
export interface NshiftOption {
  id: string;
  name: string;
  description1?: string;
  carrierId?: string;
  serviceId?: string;
  priceValue: number;
  currency: string;
  deliveryTimeFrom?: number;
  deliveryTimeTo?: number;
  freeShippingFrom?: number | null;
  default?: boolean;
  agents?: { id: string; name: string; address1: string; zipcode: string; city: string; distance?: number }[];
}
