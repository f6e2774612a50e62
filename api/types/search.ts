import { searchSuggestions } from "#services/search.ts";
import { builder, localeArgs } from "../builder.ts";
import { intInRange } from "../errors.ts";
import { LinkType, ProductType } from "./product.ts";

const SearchSuggestionsType = builder
  .objectRef<Awaited<ReturnType<typeof searchSuggestions>> & { locale: string }>("SearchSuggestions")
  .implement({
    description: "Search-as-you-type: products, categories and brands matching by prefix or compound",
    fields: (t) => ({
      products: t.field({
        type: [ProductType],
        resolve: (s) => s.products.map((product) => ({ product, locale: s.locale })),
      }),
      categories: t.field({ type: [LinkType], resolve: (s) => s.categories }),
      brands: t.field({ type: [LinkType], resolve: (s) => s.brands }),
      didYouMean: t.stringList({
        description: "Corrected words when the text finds nothing (trigram similarity)",
        resolve: (s) => s.didYouMean,
      }),
    }),
  });

builder.queryFields((t) => ({
  searchSuggestions: t.field({
    type: SearchSuggestionsType,
    args: {
      searchText: t.arg.string({ required: true, description: "Cut at 100 characters" }),
      take: t.arg.int({ required: false, description: "Per kind, default 6, at most 20" }),
      ...localeArgs,
    },
    resolve: async (_root, args, ctx) => {
      const take = intInRange("take", args.take ?? 6, 0, 20);
      const locale = await ctx.locale(args);
      const result = await searchSuggestions(
        ctx.db,
        await ctx.reference.get(),
        locale,
        args.searchText,
        take,
      );
      return { ...result, locale: locale.language.id };
    },
  }),
}));
