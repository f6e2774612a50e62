import { describe, expect, it } from "vitest";
import { assumedWidth, isComputerView, viewportClass } from "./viewport.ts";

describe("viewport classes", () => {
  it("follow the configured breakpoints 0/600/1024/1360/1920", () => {
    expect(viewportClass(320)).toBe("phone");
    expect(viewportClass(599)).toBe("phone");
    expect(viewportClass(600)).toBe("tablet");
    expect(viewportClass(1023)).toBe("tablet");
    expect(viewportClass(1024)).toBe("laptop");
    expect(viewportClass(1360)).toBe("desktop");
    expect(viewportClass(1920)).toBe("desktopBig");
    expect(viewportClass(800, { phone: 0, tablet: 700, laptop: 800, desktop: 900, desktopBig: 1000 })).toBe(
      "laptop",
    );
  });

  it("laptop and up is the computer view", () => {
    expect(isComputerView("phone")).toBe(false);
    expect(isComputerView("tablet")).toBe(false);
    expect(isComputerView("laptop")).toBe(true);
    expect(isComputerView("desktopBig")).toBe(true);
  });

  it("assumes 1360 px for desktop user agents and a phone for mobile ones", () => {
    expect(assumedWidth("Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0 Safari/537.36")).toBe(1360);
    expect(viewportClass(assumedWidth(undefined))).toBe("desktop");
    expect(
      viewportClass(assumedWidth("Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Mobile/15E148")),
    ).toBe("phone");
    expect(viewportClass(assumedWidth("Mozilla/5.0 (Linux; Android 15; Pixel 9) Mobile Safari/537.36"))).toBe(
      "phone",
    );
    expect(viewportClass(assumedWidth("Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0", "?1"))).toBe("phone");
  });

  it("assumes a tablet's width for tablets", () => {
    expect(viewportClass(assumedWidth("Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) Mobile/15E148"))).toBe(
      "tablet",
    );
    expect(viewportClass(assumedWidth("Mozilla/5.0 (Linux; Android 14; SM-X910) Safari/537.36"))).toBe(
      "tablet",
    );
  });
});
