// Kinds of the Geins Merchant API types that the recorded operations name (variable types and fragment
// type conditions), and the values of the enums among them: facts of the Geins SDL, used to explain why an
// operation does not validate against Mili's schema.
import type { GeinsTypeKind } from "./types.ts";

export const geinsTypeKinds: Record<string, GeinsTypeKind> = {
  AddressType: "object",
  Boolean: "scalar",
  CampaignRuleType: "object",
  CartGroupInputType: "input",
  CartItemInputType: "input",
  CartType: "object",
  ChannelType: "object",
  CheckoutInputType: "input",
  CheckoutType: "object",
  CountryType: "object",
  CurrencyType: "object",
  CustomerType: "enum",
  Decimal: "scalar",
  FilterCollectionType: "object",
  FilterInputType: "input",
  Guid: "scalar",
  Int: "scalar",
  LanguageType: "object",
  MarketType: "object",
  MenuItemType: "object",
  MenuType: "object",
  MetadataType: "object",
  OrderType: "object",
  PageInfoType: "object",
  PageWidgetCollectionFilterInputType: "input",
  PageWidgetContainerType: "object",
  PageWidgetType: "object",
  PaymentDetailsType: "object",
  PaymentType: "enum",
  PriceType: "object",
  ProductPackageCartItemType: "object",
  ProductPackageSelectionType: "input",
  ProductType: "object",
  RefundType: "object",
  ShippingDetailType: "object",
  SkuType: "object",
  StockType: "object",
  String: "scalar",
  UserBalanceType: "object",
  UserInputType: "input",
  UserType: "object",
  VariantType: "object",
};

export const geinsEnumValues: Record<string, string[]> = {
  PaymentType: ["STANDARD", "KLARNA", "SVEA", "WALLEY", "AVARDA", "GEINS_PAY"],
  CustomerType: ["PERSON", "ORGANIZATION"],
};
