import { z } from "zod";

/**
 * The shop's configuration, read once from the environment at start-up.
 * Every variable is listed in README.md and .env.example.
 */
const bool = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((v) => v === "true" || v === "1");

const domains = z
  .string()
  .optional()
  .transform((value, ctx) => {
    const map = new Map<string, "nb" | "sv">();
    if (!value) return map;
    for (const pair of value.split(",")) {
      const [lang, host] = pair.split("|").map((s) => s.trim());
      if ((lang !== "nb" && lang !== "sv") || !host) {
        ctx.addIssue({
          code: "custom",
          message: `DOMAINS entry "${pair}" must look like nb|mili.no or sv|mili.se`,
        });
        return z.NEVER;
      }
      map.set(host.toLowerCase(), lang);
    }
    return map;
  });

/** CORS_ORIGINS: comma-separated origins (scheme, host and port) whose browser scripts may call /graphql. */
const origins = z
  .string()
  .optional()
  .transform((value, ctx) => {
    const list: string[] = [];
    for (const item of (value ?? "").split(",").map((s) => s.trim())) {
      if (!item) continue;
      let url: URL | undefined;
      try {
        url = new URL(item);
      } catch {
        url = undefined;
      }
      if (
        !url ||
        (url.protocol !== "https:" && url.protocol !== "http:") ||
        url.origin !== item.replace(/\/$/, "")
      ) {
        ctx.addIssue({
          code: "custom",
          message: `CORS_ORIGINS entry "${item}" must be an origin such as https://shop.example (no path)`,
        });
        return z.NEVER;
      }
      list.push(url.origin);
    }
    return list;
  });

export const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default("0.0.0.0"),
    DATABASE_URL: z
      .string()
      .optional()
      .refine((v) => !v || /^postgres(ql)?:\/\//.test(v), "DATABASE_URL must be a postgres:// URL"),
    PGLITE_DIR: z.string().default("var/db"),
    REDIS_URL: z.string().optional(),
    API_KEY: z.string().min(1).optional(),
    AUTH_SECRET: z.string().min(32, "AUTH_SECRET must be at least 32 characters").optional(),
    AUTH_PASSWORD_SALT: z
      .string()
      .default("Dd1dfLonNy6Am2fXQl2AcoI+IbhLhXvaibnDNn8uEa6vbJ05eyJajSuGFm9uQSmD"),
    SMTP_URL: z.string().optional(),
    GRAPHQL_URL: z.string().url().optional(),
    DOMAINS: domains,
    MARKET_IN_PATH: bool,
    FALLBACK_MARKET: z.string().default("no"),
    PUBLIC_URL: z.string().url().optional(),
    CORS_ORIGINS: origins,
    /** The API's cost limit (decision 0018); the default fits every storefront operation at its largest. */
    GRAPHQL_MAX_COST: z.coerce.number().int().min(1000).default(25_000),
    SEED_PRODUCTS: z.coerce.number().int().min(0).default(2000),
    /** Where rendered product images are kept (relative paths from the project's root). */
    IMAGE_CACHE_DIR: z.string().default("var/cache/images"),
    /** Megabytes the rendered-image cache may hold; least recently used files go first. */
    IMAGE_CACHE_MB: z.coerce.number().int().min(1).default(1024),
    TRUST_PROXY: bool,
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    PERSISTED_OPERATIONS_ONLY: bool,
    /** Keep anonymous catalog pages in memory (on unless PAGE_CACHE=false). */
    PAGE_CACHE: z
      .enum(["true", "false", "1", "0", ""])
      .optional()
      .transform((v) => v !== "false" && v !== "0"),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV !== "production") return;
    for (const name of ["API_KEY", "AUTH_SECRET"] as const) {
      if (!env[name])
        ctx.addIssue({ code: "custom", path: [name], message: `${name} is required in production` });
    }
  });

export type Config = ReturnType<typeof parseConfig>;

/** Development-only API key, accepted only when API_KEY is unset outside production. */
export const DEV_API_KEY = "dev-api-key";

export class ConfigError extends Error {}

export function parseConfig(env: Record<string, string | undefined>) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".") || "environment"}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const c = parsed.data;
  return {
    ...c,
    production: c.NODE_ENV === "production",
    apiKey: c.API_KEY ?? DEV_API_KEY,
    authSecret: c.AUTH_SECRET ?? "development-only-secret-development-only",
    /** Origins allowed to call /graphql from a browser: CORS_ORIGINS and PUBLIC_URL's origin. */
    corsOrigins: [...new Set([...c.CORS_ORIGINS, ...(c.PUBLIC_URL ? [new URL(c.PUBLIC_URL).origin] : [])])],
  };
}
