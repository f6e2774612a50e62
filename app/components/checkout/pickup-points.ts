/** A pickup point of a delivery checkout's option (nShift's agents), as its shippingData lists them. */
export interface PickupPointData {
  id: string;
  name: string;
  address: string;
  zip: string;
  city: string;
  distance?: number;
}

/** The pickup points of a delivery checkout's option (its shippingData: `{pickupPoints}` or a list); [] when none. */
export function pickupPointsOf(data: string | null | undefined): PickupPointData[] {
  if (!data) return [];
  try {
    const parsed = JSON.parse(data) as unknown;
    const list = Array.isArray(parsed) ? parsed : (parsed as { pickupPoints?: unknown })?.pickupPoints;
    return Array.isArray(list)
      ? list.filter((p): p is PickupPointData => typeof p?.id === "string" && typeof p?.name === "string")
      : [];
  } catch {
    return [];
  }
}
