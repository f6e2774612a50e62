/** The longest alias asked for: aliases are slugs of a product's name (the admin caps names well below this). */
const MAX_ALIAS = 200;

/**
 * The `alias` search parameter of a product's resource route (`/api/related`, `/api/price-history`), or null when it
 * is missing or longer than any alias: the route then answers 400 without asking the API.
 */
export function aliasParam(url: URL): string | null {
  const alias = url.searchParams.get("alias") ?? "";
  return alias && alias.length <= MAX_ALIAS ? alias : null;
}
