/**
 * The back office's texts for creating products by CSV (decision 0067), in English, Swedish and Norwegian;
 * app/admin/texts.ts merges them into its catalog.
 */
export const csvCreateEn = {
  "csv.createHint":
    "To add products, use a products file: leave skuId empty and give a new article number, the names in Norwegian and Swedish, the category (categoryId, or category by its key), inStock and a regular price in at least one market (price.se.regular). vatClass is standard when empty. Each such row creates one product with one variant.",
};

export const csvCreateSv: Record<keyof typeof csvCreateEn, string> = {
  "csv.createHint":
    "Lägg till produkter med en produktfil: lämna skuId tomt och ange ett nytt artikelnummer, namnen på norska och svenska, kategorin (categoryId, eller category med dess nyckel), inStock och ett ordinarie pris på minst en marknad (price.se.regular). vatClass är standard när den är tom. Varje sådan rad skapar en produkt med en artikel.",
};

export const csvCreateNb: Record<keyof typeof csvCreateEn, string> = {
  "csv.createHint":
    "Legg til produkter med en produktfil: la skuId stå tomt og oppgi et nytt artikkelnummer, navnene på norsk og svensk, kategorien (categoryId, eller category med nøkkelen), inStock og en ordinær pris i minst ett marked (price.se.regular). vatClass er standard når den er tom. Hver slik rad oppretter ett produkt med én variant.",
};
