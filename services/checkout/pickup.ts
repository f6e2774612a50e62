import type { PickupPoint, ShippingChoice } from "#integrations/shipping/index.ts";

/**
 * The pickup point of `option` with this id; the nearest (the provider's first) when none is asked for or the one
 * asked for is not among this option's (another zip's, another option's); null for an option without points.
 */
export function chosenPickupPoint(
  option: Pick<ShippingChoice, "pickupPoints"> | undefined,
  id: string | null | undefined,
): PickupPoint | null {
  const points = option?.pickupPoints ?? [];
  return points.find((p) => p.id === id) ?? points[0] ?? null;
}
