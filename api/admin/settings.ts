import { type SettingsProblem, settingsProblemText } from "#domain/settings.ts";
import {
  type AdminSettings,
  type AdminSettingsChannel,
  type AdminSettingsMarket,
  type AdminSettingsPaymentMethod,
  adminSettings,
  createCurrency,
  createShippingOption,
  deleteVatRate,
  type SettingsResult,
  scheduleVatRate,
  setPaymentMethodMarket,
  updateMarket,
  updateShippingOption,
  updateTheme,
} from "#services/admin/settings.ts";
import { adminBuilder as b } from "./builder.ts";
import { type AdminContext, allow } from "./context.ts";
import { adminError } from "./errors.ts";

/**
 * The shop's settings (issue 15, decision 0059): read by owner and staff (`settings.read`), changed by the owner
 * (`settings.edit`). Each change carries the version its form read; a refused one answers BAD_USER_INPUT with every
 * problem (field, stable code, text in the admin's language), VERSION_CONFLICT with the current `version` and
 * `changes`, or NOT_FOUND — and changes nothing.
 */
const NOUN = {
  market: { en: "market", sv: "marknaden", nb: "markedet" },
  shippingOption: { en: "shipping option", sv: "fraktsättet", nb: "fraktmåten" },
  channel: { en: "theme", sv: "temat", nb: "temaet" },
  paymentMethod: { en: "payment method", sv: "betalsättet", nb: "betalingsmåten" },
  currency: { en: "currency", sv: "valutan", nb: "valutaen" },
} as const;

function answer(ctx: AdminContext, what: keyof typeof NOUN, result: SettingsResult) {
  if (result.ok) return what === "shippingOption" && result.id !== undefined ? result.id : result.version;
  const lang = ctx.admin?.language ?? "en";
  const noun = NOUN[what][lang];
  if (result.refusal === "notFound") throw adminError("NOT_FOUND", `No such ${NOUN[what].en}`);
  if (result.refusal === "stale")
    throw adminError(
      "VERSION_CONFLICT",
      {
        en: `Someone saved this ${noun} after you opened it; nothing was saved. Reload to see their change.`,
        sv: `Någon sparade ${noun} efter att du öppnade den; inget sparades. Ladda om för att se ändringen.`,
        nb: `Noen lagret ${noun} etter at du åpnet den; ingenting ble lagret. Last inn på nytt for å se endringen.`,
      }[lang],
      { version: result.version, changes: result.changes },
    );
  const problems = result.problems.map((p: SettingsProblem) => ({
    ...p,
    message: settingsProblemText(p, lang),
  }));
  throw adminError("BAD_USER_INPUT", problems.map((p) => `${p.field}: ${p.message}`).join(" "), {
    field: problems[0]?.field,
    problems,
  });
}

type VatRow = AdminSettingsMarket["vatRates"][number];
type ShippingRow = AdminSettingsMarket["shippingOptions"][number];

const VatRateRef = b.objectRef<VatRow>("AdminVatRate").implement({
  fields: (t) => ({
    productClass: t.exposeString("productClass"),
    rateBp: t.exposeInt("rateBp", { description: "Basis points: 2500 = 25 %" }),
    validFrom: t.exposeString("validFrom"),
    validTo: t.exposeString("validTo", {
      nullable: true,
      description: "Inclusive; null: until further notice",
    }),
    scheduled: t.exposeBoolean("scheduled", {
      description: "Not begun in the market's calendar: it may be deleted (deleteVatRate)",
    }),
  }),
});
const ShippingRef = b.objectRef<ShippingRow>("AdminShippingOption").implement({
  fields: (t) => ({
    id: t.exposeInt("id"),
    key: t.exposeString("key"),
    nbName: t.exposeString("nbName"),
    svName: t.exposeString("svName"),
    feeMinor: t.exposeInt("feeMinor", { description: "In the market's currency, VAT included" }),
    freeOverMinor: t.exposeInt("freeOverMinor", { nullable: true }),
    deliveryDaysMin: t.exposeInt("deliveryDaysMin", { nullable: true }),
    deliveryDaysMax: t.exposeInt("deliveryDaysMax", { nullable: true }),
    sortOrder: t.exposeInt("sortOrder"),
    active: t.exposeBoolean("active"),
    version: t.exposeInt("version"),
  }),
});
const MarketRef = b.objectRef<AdminSettingsMarket>("AdminMarketSettings").implement({
  fields: (t) => ({
    alias: t.exposeString("alias"),
    countryCode: t.exposeString("countryCode", { nullable: true }),
    currencyCode: t.exposeString("currencyCode"),
    languageIds: t.exposeStringList("languageIds"),
    defaultLanguageId: t.exposeString("defaultLanguageId"),
    active: t.exposeBoolean("active"),
    version: t.exposeInt("version", { description: "Send it back with a change of the market or its VAT" }),
    vatRates: t.field({ type: [VatRateRef], resolve: (m) => m.vatRates }),
    shippingOptions: t.field({ type: [ShippingRef], resolve: (m) => m.shippingOptions }),
  }),
});
const ThemeVar = b.objectRef<{ key: string; value: string }>("AdminThemeVariable").implement({
  fields: (t) => ({ key: t.exposeString("key"), value: t.exposeString("value") }),
});
const ChannelRef = b.objectRef<AdminSettingsChannel>("AdminChannelSettings").implement({
  fields: (t) => ({
    id: t.exposeString("id"),
    name: t.exposeString("name"),
    theme: t.field({ type: [ThemeVar], resolve: (c) => c.theme }),
    version: t.exposeInt("version"),
  }),
});
const PaymentMethodRef = b.objectRef<AdminSettingsPaymentMethod>("AdminPaymentMethod").implement({
  fields: (t) => ({
    key: t.exposeString("key"),
    nbName: t.exposeString("nbName"),
    svName: t.exposeString("svName"),
    paymentType: t.exposeString("paymentType"),
    checkoutType: t.exposeString("checkoutType"),
    active: t.exposeBoolean("active", { description: "An inactive method is offered nowhere" }),
    marketAliases: t.exposeStringList("marketAliases", {
      description: "The markets whose checkout offers it (written out: every market when the row lists none)",
    }),
    customerTypes: t.exposeStringList("customerTypes"),
    version: t.exposeInt("version", { description: "Send it back with setPaymentMethodMarket" }),
  }),
});
const CurrencyRef = b.objectRef<AdminSettings["currencies"][number]>("AdminCurrency").implement({
  fields: (t) => ({
    code: t.exposeString("code", { description: "ISO 4217" }),
    name: t.exposeString("name"),
    symbol: t.exposeString("symbol"),
    minorUnits: t.exposeInt("minorUnits", { description: "Decimals of the minor unit" }),
  }),
});
const Choice = b.objectRef<{ id: string; name: string }>("AdminSettingsChoice").implement({
  fields: (t) => ({ id: t.exposeString("id"), name: t.exposeString("name") }),
});
const SettingsRef = b.objectRef<AdminSettings>("AdminShopSettings").implement({
  fields: (t) => ({
    markets: t.field({ type: [MarketRef], resolve: (s) => s.markets }),
    channels: t.field({ type: [ChannelRef], resolve: (s) => s.channels }),
    paymentMethods: t.field({ type: [PaymentMethodRef], resolve: (s) => s.paymentMethods }),
    currencies: t.field({
      type: [Choice],
      resolve: (s) => s.currencies.map((c) => ({ id: c.code, name: c.name })),
    }),
    currencyDetails: t.field({
      type: [CurrencyRef],
      description: "The shop's currencies with their symbols and decimals",
      resolve: (s) => s.currencies,
    }),
    languages: t.field({ type: [Choice], resolve: (s) => s.languages }),
  }),
});

const MarketInput = b.inputType("AdminMarketInput", {
  fields: (t) => ({
    currencyCode: t.string({ required: true }),
    languageIds: t.stringList({ required: true, description: "In the order the market offers them" }),
    defaultLanguageId: t.string({ required: true }),
    active: t.boolean({ required: true }),
  }),
});
const VatInput = b.inputType("AdminVatRateInput", {
  fields: (t) => ({
    productClass: t.string({ required: true, description: "standard, reduced, low, food, books or zero" }),
    rate: t.string({ required: true, description: 'Percent: "25" or "25,5"' }),
    validFrom: t.string({ required: true, description: "YYYY-MM-DD, after the market's today" }),
  }),
});
const ShippingInput = b.inputType("AdminShippingOptionInput", {
  fields: (t) => ({
    nbName: t.string({ required: true }),
    svName: t.string({ required: true }),
    fee: t.string({ required: true, description: 'In the market\'s currency: "49" or "49,50"' }),
    freeOver: t.string({ description: "Free from this order value; empty: never" }),
    daysMin: t.string({ description: "Working days; both empty: no estimate" }),
    daysMax: t.string(),
    sortOrder: t.string(),
    active: t.boolean({ required: true }),
  }),
});
const CurrencyInput = b.inputType("AdminCurrencyInput", {
  fields: (t) => ({
    code: t.string({ required: true, description: "ISO 4217, e.g. GBP" }),
    name: t.string({ required: true }),
    symbol: t.string({ required: true }),
    minorUnits: t.string({ required: true, description: 'Decimals: "2", or "0" for ISK' }),
  }),
});
const ThemeInput = b.inputType("AdminThemeVariableInput", {
  fields: (t) => ({ key: t.string({ required: true }), value: t.string({ required: true }) }),
});

const cut = (v: string | null | undefined, n: number) => (v ?? "").slice(0, n);

const shippingInputOf = (input: {
  nbName: string;
  svName: string;
  fee: string;
  freeOver?: string | null;
  daysMin?: string | null;
  daysMax?: string | null;
  sortOrder?: string | null;
  active: boolean;
}) => ({
  nbName: cut(input.nbName, 200),
  svName: cut(input.svName, 200),
  fee: cut(input.fee, 40),
  freeOver: cut(input.freeOver, 40),
  daysMin: cut(input.daysMin, 10),
  daysMax: cut(input.daysMax, 10),
  sortOrder: cut(input.sortOrder, 10),
  active: input.active,
});

b.queryFields((t) => ({
  settings: t.field({
    type: SettingsRef,
    description:
      "Markets with their VAT rates and shipping options, the channels' themes, what the shop serves",
    resolve: (_r, _a, ctx) => {
      allow(ctx, "settings.read");
      return adminSettings(ctx.db);
    },
  }),
}));

b.mutationFields((t) => ({
  updateMarket: t.int({
    description: "A market's currency, languages and whether it is active; answers the new version",
    args: {
      alias: t.arg.string({ required: true }),
      version: t.arg.int({ required: true }),
      input: t.arg({ type: MarketInput, required: true }),
    },
    resolve: async (_r, { alias, version, input }, ctx) => {
      const admin = allow(ctx, "settings.edit");
      return answer(
        ctx,
        "market",
        await updateMarket(ctx.db, admin, cut(alias, 40), version, {
          currencyCode: cut(input.currencyCode, 10),
          languageIds: input.languageIds.slice(0, 20).map((l) => cut(l, 20)),
          defaultLanguageId: cut(input.defaultLanguageId, 20),
          active: input.active,
        }),
      );
    },
  }),
  scheduleVatRate: t.int({
    description: "A VAT rate for the market's country from a future day; answers the market's new version",
    args: {
      alias: t.arg.string({ required: true }),
      version: t.arg.int({ required: true }),
      input: t.arg({ type: VatInput, required: true }),
    },
    resolve: async (_r, { alias, version, input }, ctx) => {
      const admin = allow(ctx, "settings.edit");
      return answer(
        ctx,
        "market",
        await scheduleVatRate(ctx.db, admin, cut(alias, 40), version, {
          productClass: cut(input.productClass, 20),
          rate: cut(input.rate, 20),
          validFrom: cut(input.validFrom, 20),
        }),
      );
    },
  }),
  updateShippingOption: t.int({
    description: "A market's own shipping option; answers the new version",
    args: {
      id: t.arg.int({ required: true }),
      version: t.arg.int({ required: true }),
      input: t.arg({ type: ShippingInput, required: true }),
    },
    resolve: async (_r, { id, version, input }, ctx) => {
      const admin = allow(ctx, "settings.edit");
      return answer(
        ctx,
        "shippingOption",
        await updateShippingOption(ctx.db, admin, id, version, shippingInputOf(input)),
      );
    },
  }),
  createCurrency: t.string({
    description: "A currency the shop can take payment in; answers its code",
    args: { input: t.arg({ type: CurrencyInput, required: true }) },
    resolve: async (_r, { input }, ctx) => {
      const admin = allow(ctx, "settings.edit");
      const code = cut(input.code, 10);
      answer(
        ctx,
        "currency",
        await createCurrency(ctx.db, admin, {
          code,
          name: cut(input.name, 200),
          symbol: cut(input.symbol, 20),
          minorUnits: cut(input.minorUnits, 10),
        }),
      );
      return code.trim().toUpperCase();
    },
  }),
  createShippingOption: t.int({
    description:
      "A new shipping option of a market's own (offered in its checkout at once when active); answers its id",
    args: {
      alias: t.arg.string({ required: true }),
      input: t.arg({ type: ShippingInput, required: true }),
    },
    resolve: async (_r, { alias, input }, ctx) => {
      const admin = allow(ctx, "settings.edit");
      return answer(
        ctx,
        "shippingOption",
        await createShippingOption(ctx.db, admin, cut(alias, 40), shippingInputOf(input)),
      );
    },
  }),
  deleteVatRate: t.int({
    description:
      "Deletes a scheduled VAT rate (not begun): the rate before runs on; answers the market's new version",
    args: {
      alias: t.arg.string({ required: true }),
      version: t.arg.int({ required: true }),
      productClass: t.arg.string({ required: true }),
      validFrom: t.arg.string({ required: true, description: "The row's first day, YYYY-MM-DD" }),
    },
    resolve: async (_r, { alias, version, productClass, validFrom }, ctx) => {
      const admin = allow(ctx, "settings.edit");
      return answer(
        ctx,
        "market",
        await deleteVatRate(ctx.db, admin, cut(alias, 40), version, {
          productClass: cut(productClass, 20),
          validFrom: cut(validFrom, 20),
        }),
      );
    },
  }),
  setPaymentMethodMarket: t.int({
    description:
      "Whether a market's checkout offers a payment method (never its last); answers the method's new version",
    args: {
      key: t.arg.string({ required: true }),
      version: t.arg.int({ required: true }),
      alias: t.arg.string({ required: true }),
      offered: t.arg.boolean({ required: true }),
    },
    resolve: async (_r, { key, version, alias, offered }, ctx) => {
      const admin = allow(ctx, "settings.edit");
      return answer(
        ctx,
        "paymentMethod",
        await setPaymentMethodMarket(ctx.db, admin, cut(key, 60), version, cut(alias, 40), offered),
      );
    },
  }),
  updateTheme: t.int({
    description: "A channel's theme colours (the storefront's --mili-* variables); answers the new version",
    args: {
      channelId: t.arg.string({ required: true }),
      version: t.arg.int({ required: true }),
      theme: t.arg({ type: [ThemeInput], required: true }),
    },
    resolve: async (_r, { channelId, version, theme }, ctx) => {
      const admin = allow(ctx, "settings.edit");
      return answer(
        ctx,
        "channel",
        await updateTheme(
          ctx.db,
          admin,
          cut(channelId, 40),
          version,
          Object.fromEntries(theme.slice(0, 20).map((v) => [cut(v.key, 40), cut(v.value, 40)])),
        ),
      );
    },
  }),
}));
