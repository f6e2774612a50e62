/**
 * The device class a request comes from, before the browser has measured anything (spec §9: the server
 * assumes 1360 px for pc devices). Phones get the phone layout in the first render, so the page does not
 * change under the shopper's thumb after hydration. The storefront and the page cache both use this one
 * function: a cached page is kept per device class, so a phone is never sent the pc HTML.
 */
export type DeviceClass = "phone" | "tablet" | "pc";

export const DEVICE_CLASSES: readonly DeviceClass[] = ["phone", "tablet", "pc"];

/** The width (px) the server renders for when it knows only the device class. */
export const ASSUMED_WIDTH: Record<DeviceClass, number> = { phone: 375, tablet: 768, pc: 1360 };

/**
 * From User-Agent Client Hints when the browser sends them (`Sec-CH-UA-Mobile: ?1` is a phone, `?0` with an
 * Android or iPad platform a tablet), else from the User-Agent string: iPhone, iPod, Android with "Mobile",
 * Windows/BlackBerry/Opera phones are phones; iPad, Android without "Mobile", Kindle/Silk and tablet-marked
 * agents are tablets; everything else (desktop browsers, bots, no header) is a pc.
 */
export function deviceClass(headers: {
  userAgent?: string | null;
  chUaMobile?: string | null;
  chUaPlatform?: string | null;
}): DeviceClass {
  const ua = headers.userAgent ?? "";
  const mobileHint = headers.chUaMobile?.trim();
  if (mobileHint === "?1") return "phone";
  if (mobileHint === "?0") {
    const platform = (headers.chUaPlatform ?? "").replace(/"/g, "").trim().toLowerCase();
    return platform === "android" || /\b(?:iPad|Tablet)\b/i.test(ua) ? "tablet" : "pc";
  }
  if (/\biPad\b|\bTablet\b|\bKindle\b|\bSilk\//i.test(ua)) return "tablet";
  if (/\b(?:iPhone|iPod)\b|\bWindows Phone\b|\bBlackBerry\b|\bBB10\b|\bOpera Mini\b|\bIEMobile\b/i.test(ua)) {
    return "phone";
  }
  if (/\bAndroid\b/i.test(ua)) return /\bMobile\b/i.test(ua) ? "phone" : "tablet";
  if (/\bMobi/i.test(ua)) return "phone";
  return "pc";
}

/** Which widgets a device class gets (widgets' displaySetting, decision 0038): phones the mobile ones, others the desktop ones. */
export function widgetDisplaySetting(device: DeviceClass): "mobile" | "desktop" {
  return device === "phone" ? "mobile" : "desktop";
}
