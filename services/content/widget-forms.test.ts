import { describe, expect, it } from "vitest";
import { checkWidgetForm, WIDGET_FORM_CHECKS, type WidgetFormFields } from "#domain/widget-forms.ts";
import { checkWidgetConfig, WIDGET_TYPES } from "./widget-config.ts";

/**
 * The back office's forms per widget type (domain/widget-forms.ts, decision 0063) store what the storefront's
 * schemas (widget-config.ts) accept: a full form of each type passes its type's schema unchanged.
 */
const both = (name: string, nb: string, sv: string) => ({ [`${name}.nb-NO`]: nb, [`${name}.sv-SE`]: sv });
const IMAGE = "shell-jacket-1042-1-1f3a5f.jpg";

const FULL: Record<(typeof WIDGET_TYPES)[number], WidgetFormFields> = {
  image: {
    fileName: IMAGE,
    ...both("alt", "Blå jakke", "Blå jacka"),
    ...both("caption", "Nyhet", "Nyhet"),
    ...both("link", "/c/klaer/jakker", "https://mili.example/sv"),
  },
  text: { ...both("title", "Hei", "Hej"), ...both("text", "Første\n\nandre", "Första") },
  buttons: {
    ...both("title", "Snarveier", "Genvägar"),
    ...both("buttons.0.label", "Jakker", "Jackor"),
    ...both("buttons.0.link", "/c/klaer/jakker", "/c/klader/jackor"),
    ...both("buttons.1.label", "Sko", "Skor"),
    ...both("buttons.1.link", "/c/sko", "/c/skor"),
  },
  productList: {
    ...both("title", "Nytt", "Nytt"),
    source: "search",
    sort: "MOST_SOLD",
    take: "12",
    categoryIds: "1,2",
    brandIds: "3",
    discountCampaignIds: "4",
    ...both("searchText", "jakke", "jacka"),
  },
  banner: {
    ...both("title", "Salg", "Rea"),
    ...both("text", "Opptil 50 %", "Upp till 50 %"),
    fileName: IMAGE,
    ...both("alt", "Jakke", "Jacka"),
    ...both("link", "/dc/salg", "/dc/rea"),
    ...both("buttonLabel", "Se salget", "Se rean"),
  },
  video: {
    ...both("title", "Film", "Film"),
    src: "/media/film.mp4",
    posterFileName: IMAGE,
    ...both("captions", "/media/film.nb.vtt", "/media/film.sv.vtt"),
  },
  html: both("html", "<p>Hei</p>", "<p>Hej</p>"),
  richText: both("html", "<p>Hei</p>", "<p>Hej</p>"),
};

describe("the widget forms and the storefront's schemas", () => {
  it("every type has a form, and a full form of each type passes its schema unchanged", () => {
    expect(Object.keys(WIDGET_FORM_CHECKS).sort()).toEqual([...WIDGET_TYPES].sort());
    for (const type of WIDGET_TYPES) {
      const form = checkWidgetForm(type, FULL[type]);
      expect(form.ok, type).toBe(true);
      if (!form.ok) continue;
      const schema = checkWidgetConfig(type, form.value);
      expect(schema, type).toEqual({ ok: true, config: form.value });
    }
    const viaProvider = checkWidgetForm("video", {
      ...both("title", "Film", "Film"),
      provider: "vimeo",
      videoId: "76979871",
    });
    expect(viaProvider.ok && checkWidgetConfig("video", viaProvider.value).ok).toBe(true);
  });
});
