import {
  buildASTSchema,
  type DefinitionNode,
  type DocumentNode,
  type FieldDefinitionNode,
  type GraphQLSchema,
  type InputValueDefinitionNode,
  Kind,
  type NameNode,
  parse,
  visit,
} from "graphql";

/**
 * Mili's type names today → the Geins Merchant API's (the plan in docs/geins-compat-plan.md). Several Mili
 * types become one Geins type: Price, CartSubTotal and CartTotal are all PriceType; Campaign and CartCampaign
 * are both CampaignRuleType.
 */
export const RENAMES: Readonly<Record<string, string>> = {
  AlternativeUrl: "AlternativeUrlType",
  Brand: "BrandListType",
  Breadcrumb: "BreadcrumbType",
  Campaign: "CampaignRuleType",
  CampaignPrice: "CampaignPriceType",
  Cart: "CartType",
  CartBalance: "BalanceType",
  CartCampaign: "CampaignRuleType",
  CartItem: "CartItemType",
  CartItemCampaign: "CampaignType",
  CartItemPackage: "ProductPackageCartItemType",
  CartShipping: "ShippingOptionType",
  CartSubTotal: "PriceType",
  CartSummary: "CartSummaryType",
  CartTotal: "PriceType",
  Category: "CategoryType",
  Channel: "ChannelType",
  CmsPageLink: "PageWidgetPageType",
  Country: "CountryType",
  Currency: "CurrencyType",
  Facet: "FilterType",
  FacetValue: "FilterValueType",
  Filters: "FilterCollectionType",
  Language: "LanguageType",
  Link: "BrandType",
  LowestPrice: "LowestPriceType",
  Market: "MarketType",
  Menu: "MenuType",
  MenuItem: "MenuItemType",
  Meta: "MetadataType",
  PackageGroup: "GroupType",
  PackageOption: "OptionType",
  PackageSelectionInputType: "ProductPackageSelectionType",
  PageInfo: "PageInfoType",
  Parameter: "ParameterType",
  ParameterGroup: "ParameterGroupType",
  Price: "PriceType",
  PricePoint: "PriceLogItemType",
  PriceRange: "PriceFilterType",
  Product: "ProductType",
  ProductImage: "ProductImageType",
  ProductPackage: "ProductPackageType",
  ProductTexts: "ProductTextsType",
  ProductsResult: "ProductsResultType",
  Rating: "RatingType",
  Review: "ProductReviewType",
  ReviewsResult: "ProductReviewResultType",
  Sku: "SkuType",
  Stock: "StockType",
  UrlRedirect: "UrlHistoryType",
  Variant: "VariantType",
  VariantAttribute: "VariantAttributeType",
  VariantDimension: "VariantDimensionType",
  VariantGroup: "VariantGroupType",
  Widget: "PageWidgetType",
};

type Merged = {
  kind: DefinitionNode["kind"];
  fields: Map<string, FieldDefinitionNode | InputValueDefinitionNode>;
};

/**
 * Mili's schema as it would be after the renames alone: every type renamed, types that become one merged
 * (their fields together; the first definition of a field wins). What still fails against it is the work
 * beyond renaming: fields, arguments, enum values and type changes.
 */
export function renamedSchema(
  sdl: string,
  renames: Readonly<Record<string, string>> = RENAMES,
): GraphQLSchema {
  const rename = (name: NameNode): NameNode => {
    const to = renames[name.value];
    return to ? { ...name, value: to } : name;
  };
  const renamed = visit(parse(sdl), {
    NamedType: (node) => ({ ...node, name: rename(node.name) }),
    ObjectTypeDefinition: (node) => ({ ...node, name: rename(node.name) }),
    InputObjectTypeDefinition: (node) => ({ ...node, name: rename(node.name) }),
    EnumTypeDefinition: (node) => ({ ...node, name: rename(node.name) }),
  }) as DocumentNode;
  const merged = new Map<string, Merged>();
  const others: DefinitionNode[] = [];
  for (const def of renamed.definitions) {
    if (def.kind === Kind.OBJECT_TYPE_DEFINITION || def.kind === Kind.INPUT_OBJECT_TYPE_DEFINITION) {
      const entry = merged.get(def.name.value) ?? { kind: def.kind, fields: new Map() };
      for (const field of def.fields ?? [])
        if (!entry.fields.has(field.name.value)) entry.fields.set(field.name.value, field);
      merged.set(def.name.value, entry);
    } else {
      others.push(def);
    }
  }
  const definitions: DefinitionNode[] = [...others];
  for (const [name, entry] of merged) {
    const nameNode: NameNode = { kind: Kind.NAME, value: name };
    if (entry.kind === Kind.OBJECT_TYPE_DEFINITION) {
      definitions.push({
        kind: Kind.OBJECT_TYPE_DEFINITION,
        name: nameNode,
        interfaces: [],
        directives: [],
        fields: [...entry.fields.values()] as FieldDefinitionNode[],
      });
    } else {
      definitions.push({
        kind: Kind.INPUT_OBJECT_TYPE_DEFINITION,
        name: nameNode,
        directives: [],
        fields: [...entry.fields.values()] as InputValueDefinitionNode[],
      });
    }
  }
  return buildASTSchema({ kind: Kind.DOCUMENT, definitions });
}
