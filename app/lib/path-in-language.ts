import type { GraphqlClient } from "./graphql/client.ts";
import { ContentPathsQuery, ListPathsQuery, ProductPathsQuery } from "./graphql/path-operations.ts";
import { LANGS, type Lang } from "./locale.ts";
import { aliasLookup } from "./page-locale.ts";

/** Longer aliases and paths are never looked up (the API refuses them, and no page of ours has one). */
const MAX_ALIAS = 200;
const MAX_PATH = 2000;

/**
 * The path of the same page in another language: the page the path names in `from` (by its alias in `from`),
 * then its path in `to` from the API's alternative URLs. Null when the path names no page by alias, the page
 * is not found, or the lookup fails: the caller keeps the path as it is.
 */
export async function pathInLanguage(
  /** A client whose operations run in `from` (its channel and language). */
  client: GraphqlClient,
  path: string,
  from: Lang,
  to: Lang,
): Promise<string | null> {
  const lookup = aliasLookup(path);
  if (!lookup || from === to || path.length > MAX_PATH) return null;
  if ("alias" in lookup && lookup.alias.length > MAX_ALIAS) return null;
  let alternatives: { languageId: string; url: string }[] | undefined;
  switch (lookup.kind) {
    case "product":
      alternatives = (await client.request(ProductPathsQuery, { alias: lookup.alias })).data.product
        ?.alternativeUrls;
      break;
    case "list":
      alternatives = (
        await client.request(ListPathsQuery, "url" in lookup ? { url: lookup.url } : { alias: lookup.alias })
      ).data.listPageInfo?.alternativeUrls;
      break;
    case "content":
      alternatives = (await client.request(ContentPathsQuery, { alias: lookup.alias })).data.contentPage
        ?.alternativeUrls;
      break;
  }
  return alternatives?.find((a) => a.languageId === LANGS[to].languageId)?.url ?? null;
}
