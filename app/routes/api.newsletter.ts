import { redirect } from "react-router";
import { GraphqlClientError } from "../lib/graphql/client.ts";
import { SubscribeToNewsletterMutation } from "../lib/graphql/operations.ts";
import { requestClient } from "../lib/graphql/server.ts";
import { href } from "../lib/page-locale.ts";
import { backTo, pathOf } from "../lib/return-to.ts";
import type { Route } from "./+types/api.newsletter";

export type NewsletterStatus = "ok" | "invalid" | "limited" | "error";
export interface NewsletterResult {
  status: NewsletterStatus;
}

/** Back to the page the form was on (same host only), with ?newsletter={status}#newsletter. */
export function returnUrl(request: Request, fallback: string, status: NewsletterStatus): string {
  const target = backTo(request, fallback);
  target.searchParams.set("newsletter", status);
  target.hash = "newsletter";
  return pathOf(target);
}

/**
 * The footer's newsletter sign-up (resource route, action only). The fetcher (JavaScript) gets {status}; a plain
 * form post (no JavaScript) is redirected back to its page with ?newsletter=ok|invalid|error.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { client, locale, rc } = requestClient(request, context);
  const form = await request.formData();
  const email = String(form.get("email") ?? "")
    .trim()
    .slice(0, 320);
  let status: NewsletterStatus;
  try {
    await client.request(SubscribeToNewsletterMutation, { email, tags: ["footer"] });
    status = "ok";
  } catch (error) {
    if (error instanceof GraphqlClientError && error.code === "BAD_USER_INPUT") {
      status = "invalid";
    } else if (error instanceof GraphqlClientError && error.retryAfter !== undefined) {
      status = "limited";
    } else {
      rc.log("error", "newsletter subscription failed", {
        error: error instanceof Error ? error.message : String(error),
      });
      status = "error";
    }
  }
  if (form.get("via") === "fetcher") return { status } satisfies NewsletterResult;
  throw redirect(returnUrl(request, href(locale, "/"), status), 303);
}
