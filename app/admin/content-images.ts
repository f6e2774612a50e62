import { redirect } from "react-router";
import type { Route } from "./+types/content-images";
import { adminRequest } from "./api.server.ts";

/**
 * GET /admin/content-images?q=… (issue 15, decision 0063): the shop's images whose product name or file name has
 * the words, as JSON for the widget form's image picker (app/admin/content-pickers.tsx). The admin API checks the
 * session and the permission (content.read).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const q = (new URL(request.url).searchParams.get("q") ?? "").slice(0, 100);
  const answer = await adminRequest<{
    contentImages: { fileName: string; alt: string; productName: string }[];
  }>(
    request,
    context,
    `query($q: String) { contentImages(search: $q, take: 30) { fileName alt productName } }`,
    { q },
  );
  if (answer.error === "UNAUTHENTICATED") throw redirect("/admin/sign-in");
  if (answer.error) throw new Response("Forbidden", { status: 403 });
  return Response.json(
    { images: answer.data?.contentImages ?? [] },
    { headers: { "cache-control": "private, no-store" } },
  );
}
