import { redirectIfMoved } from "../lib/url-history.ts";
import type { Route } from "./+types/not-found";

/**
 * Any path no route matches: a URL that moved (the API's URL history) answers 301 to where it lives now, with its
 * query string; anything else is a real 404 (status and page), shown by the root error boundary.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await redirectIfMoved(request, context);
  throw new Response(null, { status: 404, statusText: "Not Found" });
}

export default function NotFound() {
  return null;
}

/** A form post to an unknown path is just as unknown. */
export function action() {
  throw new Response(null, { status: 404, statusText: "Not Found" });
}
