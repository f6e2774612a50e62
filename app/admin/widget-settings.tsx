import type { ReactNode } from "react";
import { PRODUCT_LIST_SORTS, PRODUCT_LIST_SOURCES } from "#domain/widget-forms.ts";
import { useTyped } from "./campaign-form.tsx";
import { ImagePicker, type ShopImage } from "./content-pickers.tsx";
import { Field, type FormAnswer } from "./product-form.tsx";
import type { AdminT, AdminTextKey } from "./texts.ts";

/**
 * A widget's settings as its type's own form (issue 15, decision 0063): the fields the storefront renders, each
 * language side by side, images picked from the shop's own (thumbnails with their alt texts), categories, brands
 * and campaigns chosen from lists. Every field is named by its setting's path under "config." (config.title.nb-NO,
 * config.buttons.0.link.sv-SE), which is also the name a refused save's problem carries; domain/widget-forms.ts
 * checks them on the server.
 */

export interface Choice {
  id: number;
  name: string;
}

export interface WidgetChoices {
  categories: Choice[];
  brands: Choice[];
  campaigns: Choice[];
}

const LANGS = [
  ["nb-NO", "nb", "wf.nb"],
  ["sv-SE", "sv", "wf.sv"],
] as const;

const idOf = (name: string) => `wf-${name.replace(/[^A-Za-z0-9]+/g, "-")}`;

export function WidgetSettings({
  t,
  type,
  stored,
  images,
  choices,
  answer,
}: {
  t: AdminT;
  type: string;
  /** The stored settings as the form's fields (without the "config." prefix). */
  stored: Record<string, string>;
  images: ShopImage[];
  choices: WidgetChoices | null;
  answer: FormAnswer | null;
}) {
  const { problem, typed, list } = useTyped(answer);
  const value = (name: string) => typed(`config.${name}`, stored[name] ?? "");
  const prob = (name: string) => problem(`config.${name}`);

  const text = (
    name: string,
    label: string,
    opts: { lang?: string; rows?: number; type?: string; hint?: string } = {},
  ) => (
    <Field key={name} id={idOf(name)} label={label} problem={prob(name)}>
      {(field) => {
        const described = [field["aria-describedby"], opts.hint].filter(Boolean).join(" ");
        const props = { ...field, ...(described ? { "aria-describedby": described } : {}) };
        return opts.rows ? (
          <textarea
            {...props}
            name={`config.${name}`}
            lang={opts.lang}
            rows={opts.rows}
            defaultValue={value(name)}
          />
        ) : (
          <input
            {...props}
            name={`config.${name}`}
            lang={opts.lang}
            type={opts.type ?? "text"}
            defaultValue={value(name)}
          />
        );
      }}
    </Field>
  );
  /** A text in both languages, side by side, with a hint both fields are described by. */
  const pair = (name: string, what: AdminTextKey, opts: { rows?: number; hint?: AdminTextKey } = {}) => {
    const hint = opts.hint ? `${idOf(name)}-hint` : undefined;
    return (
      <div>
        {opts.hint ? (
          <p id={hint} className="mb-1 text-sm text-stone-700">
            {t(opts.hint)}
          </p>
        ) : null}
        <div className="grid gap-x-4 sm:grid-cols-2">
          {LANGS.map(([languageId, lang, langKey]) =>
            text(`${name}.${languageId}`, t("wf.inLang", { what: t(what), lang: t(langKey) }), {
              lang,
              ...(opts.rows ? { rows: opts.rows } : {}),
              ...(hint ? { hint } : {}),
            }),
          )}
        </div>
      </div>
    );
  };
  const picker = (name: string, label: AdminTextKey, required: boolean) => (
    <ImagePicker
      id={idOf(name)}
      name={`config.${name}`}
      label={t(label)}
      value={value(name)}
      known={images}
      problem={prob(name)}
      required={required}
      texts={{
        help: t("wf.imageHelp"),
        none: t("wf.imageNone"),
        picked: t("wf.imagePicked"),
        noMatch: t("wf.imageNoMatch"),
        clear: t("wf.imageClear"),
      }}
    />
  );
  const select = (name: string, label: string, options: readonly (readonly [string, string])[]) => (
    <Field id={idOf(name)} label={label} problem={prob(name)}>
      {(props) => (
        <select {...props} name={`config.${name}`} defaultValue={value(name)}>
          {options.map(([v, l]) => (
            <option key={v} value={v}>
              {l}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
  const many = (name: string, label: AdminTextKey, options: Choice[]) => (
    <Field id={idOf(name)} label={t(label)} problem={prob(name)}>
      {(props) => (
        <select
          {...props}
          multiple
          size={Math.min(8, Math.max(options.length, 2))}
          name={`config.${name}`}
          aria-describedby={[props["aria-describedby"], "wf-multi-help"].filter(Boolean).join(" ")}
          defaultValue={list(`config.${name}`, (stored[name] ?? "").split(",").filter(Boolean))}
        >
          {options.map((o) => (
            <option key={o.id} value={String(o.id)}>
              {o.name}
            </option>
          ))}
        </select>
      )}
    </Field>
  );

  let body: ReactNode;
  switch (type) {
    case "text":
      body = (
        <>
          {pair("title", "wf.titleOptional")}
          {pair("text", "wf.text", { rows: 6, hint: "wf.textHint" })}
        </>
      );
      break;
    case "richText":
      body = pair("html", "wf.richText", { rows: 10, hint: "wf.richTextHint" });
      break;
    case "html":
      body = pair("html", "wf.html", { rows: 10, hint: "wf.htmlHint" });
      break;
    case "image":
      body = (
        <>
          {picker("fileName", "wf.image", true)}
          {pair("alt", "wf.alt", { hint: "wf.altHint" })}
          {pair("caption", "wf.caption")}
          {pair("link", "wf.link", { hint: "wf.linkHint" })}
        </>
      );
      break;
    case "banner":
      body = (
        <>
          {pair("title", "wf.title")}
          {pair("text", "wf.textOptional", { rows: 3 })}
          {picker("fileName", "wf.imageOptional", false)}
          {pair("alt", "wf.alt", { hint: "wf.altHint" })}
          {pair("link", "wf.link", { hint: "wf.linkHint" })}
          {pair("buttonLabel", "wf.buttonLabel", { hint: "wf.buttonLabelHint" })}
        </>
      );
      break;
    case "buttons":
      body = <ButtonRows t={t} answer={answer} stored={stored} pair={pair} />;
      break;
    case "productList":
      body = (
        <>
          {pair("title", "wf.title")}
          {select(
            "source",
            t("wf.source"),
            PRODUCT_LIST_SOURCES.map((s) => [s, t(SOURCE_KEYS[s])] as const),
          )}
          {select(
            "sort",
            t("wf.sort"),
            PRODUCT_LIST_SORTS.map((s) => [s, t(`wf.sort${s}` as AdminTextKey)] as const),
          )}
          {text("take", t("wf.take"), { type: "number" })}
          <p id="wf-multi-help" className="mb-2 text-sm text-stone-700">
            {t("wf.multiHelp")}
          </p>
          <div className="grid gap-x-4 sm:grid-cols-3">
            {many("categoryIds", "wf.categories", choices?.categories ?? [])}
            {many("brandIds", "wf.brands", choices?.brands ?? [])}
            {many("discountCampaignIds", "wf.campaigns", choices?.campaigns ?? [])}
          </div>
          {pair("searchText", "wf.searchText")}
        </>
      );
      break;
    case "video":
      body = (
        <>
          {pair("title", "wf.title")}
          {select("provider", t("wf.video"), [
            ["", t("wf.videoFile")],
            ["youtube", t("wf.youtube")],
            ["vimeo", t("wf.vimeo")],
          ])}
          {text("src", t("wf.videoSrc"))}
          {text("videoId", t("wf.videoId"))}
          {picker("posterFileName", "wf.poster", false)}
          {pair("captions", "wf.captions", { hint: "wf.captionsHint" })}
        </>
      );
      break;
    default:
      body = null;
  }
  const whole = problem("config");
  return (
    <fieldset className="mb-4 rounded border border-stone-300 p-3">
      <legend className="px-1 font-semibold">{t("wf.settings")}</legend>
      {whole ? <p className="mb-2 text-sm text-red-800">{whole.message}</p> : null}
      {body}
    </fieldset>
  );
}

const SOURCE_KEYS = {
  search: "wf.sourceSearch",
  latestViewed: "wf.sourceLatestViewed",
  favorites: "wf.sourceFavorites",
} as const satisfies Record<(typeof PRODUCT_LIST_SOURCES)[number], AdminTextKey>;

/** A buttons widget's buttons, and one empty button to add. */
function ButtonRows({
  t,
  answer,
  stored,
  pair,
}: {
  t: AdminT;
  answer: FormAnswer | null;
  stored: Record<string, string>;
  pair: (name: string, what: AdminTextKey, opts?: { hint?: AdminTextKey }) => ReactNode;
}) {
  const names =
    answer && !answer.ok ? Object.keys(answer.values) : Object.keys(stored).map((n) => `config.${n}`);
  const indexes = names.map((n) => /^config\.buttons\.(\d{1,2})\./.exec(n)?.[1]).filter(Boolean);
  const count = Math.min(indexes.length ? Math.max(...indexes.map(Number)) + 1 : 0, 24);
  const rows = Array.from({ length: Math.min(count + 1, 24) }, (_, i) => i);
  const whole = answer?.problems.find((p) => p.field === "config.buttons");
  return (
    <>
      {pair("title", "wf.titleOptional")}
      <p id="wf-buttons-help" className="mb-2 text-sm text-stone-700">
        {t("wf.buttonsHelp")}
      </p>
      {whole ? (
        <p role="alert" className="mb-2 text-sm text-red-800">
          {whole.message}
        </p>
      ) : null}
      {rows.map((i) => (
        <fieldset key={i} className="mb-3 rounded border border-stone-300 p-3">
          <legend className="px-1 font-medium">
            {i === count ? t("wf.newButton") : t("wf.button", { n: i + 1 })}
          </legend>
          {pair(`buttons.${i}.label`, "wf.label")}
          {pair(`buttons.${i}.link`, "wf.buttonLink", { hint: "wf.linkHint" })}
        </fieldset>
      ))}
    </>
  );
}
