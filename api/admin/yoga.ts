import { NoSchemaIntrospectionCustomRule } from "graphql";
import { createYoga, type Plugin } from "graphql-yoga";
import { adminOfSession } from "#services/admin/users.ts";
import { maskApiError } from "../errors.ts";
import type { AdminApiServices, AdminContext } from "./context.ts";
import { ADMIN_COOKIE, adminSchema } from "./schema.ts";

export { ADMIN_COOKIE } from "./schema.ts";

export interface AdminApiOptions {
  services: AdminApiServices;
  /** Answer `__schema` / `__type` (development); production says no. */
  introspection: boolean;
  /** Cookies get `Secure` (production). Over https they get it anyway. */
  secureCookies: boolean;
}

/** What the server hands with each request: whose rate-limit budget it draws from. */
export interface AdminServerContext {
  clientSubject?: string;
}

export function readCookie(header: string | null, name: string): string | null {
  for (const part of (header ?? "").split(";")) {
    const i = part.indexOf("=");
    if (i > 0 && part.slice(0, i).trim() === name) return part.slice(i + 1).trim() || null;
  }
  return null;
}

/**
 * The back office's GraphQL API at /admin/graphql (decision 0037): its own schema (api/admin/schema.ts), its own
 * session (the `mili-admin` cookie; a shopper's token or cookie means nothing here), no CORS, no introspection in
 * production. The server's route (server/admin.ts) refuses cross-site requests before this runs.
 */
export function createAdminApi(opts: AdminApiOptions) {
  const cookies = new WeakMap<Request, string[]>();
  const yoga = createYoga<AdminServerContext, AdminContext>({
    schema: adminSchema,
    graphqlEndpoint: "/admin/graphql",
    landingPage: false,
    graphiql: false,
    cors: false,
    maskedErrors: { isDev: false, maskError: maskApiError },
    logging: {
      debug: (...args) => opts.services.logger.debug({ args }, "admin graphql"),
      info: (...args) => opts.services.logger.info({ args }, "admin graphql"),
      warn: (...args) => opts.services.logger.warn({ args }, "admin graphql"),
      error: (...args) =>
        opts.services.logger.error({ err: args.find((a) => a instanceof Error) }, "admin graphql error"),
    },
    context: async ({ request, clientSubject }: { request: Request } & AdminServerContext) => {
      const sessionToken = readCookie(request.headers.get("cookie"), ADMIN_COOKIE);
      const jar: string[] = [];
      cookies.set(request, jar);
      const url = new URL(request.url);
      return {
        ...opts.services,
        publicUrl: opts.services.publicUrl ?? url.origin,
        requestId: request.headers.get("x-request-id") ?? crypto.randomUUID(),
        clientSubject: clientSubject ?? "unknown",
        admin: await adminOfSession(opts.services.db, sessionToken),
        sessionToken,
        secureCookies: opts.secureCookies || url.protocol === "https:",
        setCookie: (value: string) => {
          jar.push(value);
        },
      } satisfies AdminContext;
    },
    plugins: [
      ...(opts.introspection ? [] : [noIntrospection()]),
      {
        onResponse({ request, response }) {
          for (const value of cookies.get(request) ?? []) response.headers.append("Set-Cookie", value);
          response.headers.set("Cache-Control", "no-store");
        },
      } satisfies Plugin,
    ],
  });
  return yoga;
}

export type AdminApi = ReturnType<typeof createAdminApi>;

function noIntrospection(): Plugin {
  return {
    onValidate({ addValidationRule }) {
      addValidationRule(NoSchemaIntrospectionCustomRule);
    },
  };
}
