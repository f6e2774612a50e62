import { describe, expect, it } from "vitest";
import { ASSUMED_WIDTH, deviceClass } from "./device.ts";

const UA = {
  iphone:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1",
  androidPhone:
    "Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36",
  androidTablet:
    "Mozilla/5.0 (Linux; Android 14; SM-X910) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Safari/537.36",
  ipad: "Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148",
  firefoxPhone: "Mozilla/5.0 (Android 14; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0",
  desktopChrome:
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Safari/537.36",
  macSafari:
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15",
  googlebot: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
};

describe("device class", () => {
  it("reads phones, tablets and pcs from the User-Agent", () => {
    expect(deviceClass({ userAgent: UA.iphone })).toBe("phone");
    expect(deviceClass({ userAgent: UA.androidPhone })).toBe("phone");
    expect(deviceClass({ userAgent: UA.firefoxPhone })).toBe("phone");
    expect(deviceClass({ userAgent: UA.ipad })).toBe("tablet");
    expect(deviceClass({ userAgent: UA.androidTablet })).toBe("tablet");
    expect(deviceClass({ userAgent: UA.desktopChrome })).toBe("pc");
    expect(deviceClass({ userAgent: UA.macSafari })).toBe("pc");
    expect(deviceClass({ userAgent: UA.googlebot })).toBe("pc");
    expect(deviceClass({})).toBe("pc");
  });

  it("trusts Client Hints over the User-Agent string", () => {
    expect(deviceClass({ userAgent: UA.desktopChrome, chUaMobile: "?1" })).toBe("phone");
    expect(deviceClass({ userAgent: UA.androidPhone, chUaMobile: "?0" })).toBe("pc");
    expect(deviceClass({ userAgent: UA.androidTablet, chUaMobile: "?0", chUaPlatform: '"Android"' })).toBe(
      "tablet",
    );
  });

  it("assumes 1360 px for pcs (spec §9), a phone's and a tablet's width for the others", () => {
    expect(ASSUMED_WIDTH.pc).toBe(1360);
    expect(ASSUMED_WIDTH.phone).toBeLessThan(600);
    expect(ASSUMED_WIDTH.tablet).toBeGreaterThanOrEqual(600);
    expect(ASSUMED_WIDTH.tablet).toBeLessThan(1024);
  });
});
