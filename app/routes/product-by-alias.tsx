import { redirect } from "react-router";
import { ProductUrlQuery } from "../lib/graphql/product-operations.ts";
import { requestClient } from "../lib/graphql/server.ts";
import { href } from "../lib/page-locale.ts";
import type { Route } from "./+types/product-by-alias";

/** /product/{alias}: finds a product by alias alone and moves permanently to its canonical URL. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { client, locale, url } = requestClient(request, context);
  if (!params.alias) throw new Response(null, { status: 404 });
  const { data } = await client.request(ProductUrlQuery, { alias: params.alias });
  if (!data.product) throw new Response(null, { status: 404, statusText: "Not Found" });
  throw redirect(`${href(locale, data.product.canonicalUrl)}${url.search}`, 301);
}

export default function ProductByAlias() {
  return null;
}
