import { redirect } from "react-router";
import type { Route } from "./+types/language";
import { adminRequest } from "./api.server.ts";
import { adminLangOf } from "./texts.ts";

/** POST /admin/language: the back office's language for this admin (kept with the admin user). */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  await adminRequest(
    request,
    context,
    "mutation($l: AdminLanguage!) { setLanguage(language: $l) { email } }",
    {
      l: adminLangOf(form.get("language")),
    },
  );
  const back = request.headers.get("referer");
  const path = back ? new URL(back).pathname : "/admin";
  throw redirect(path.startsWith("/admin") ? path : "/admin");
}

export function loader() {
  throw redirect("/admin");
}
