import { redirect } from "react-router";
import type { Route } from "./+types/sign-out";
import { adminRequest } from "./api.server.ts";

/** POST /admin/sign-out: ends the session and clears the cookie. */
export async function action({ request, context }: Route.ActionArgs) {
  const answer = await adminRequest(request, context, "mutation { signOut }");
  const headers = new Headers();
  for (const cookie of answer.setCookie) headers.append("Set-Cookie", cookie);
  throw redirect("/admin/sign-in", { headers });
}

export function loader() {
  throw redirect("/admin");
}
