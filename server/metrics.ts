import { Counter, collectDefaultMetrics, Histogram, Registry } from "prom-client";

/** Prometheus metrics served at /metrics. */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const httpDuration = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time to answer an HTTP request, by route kind and status class",
    labelNames: ["method", "route", "status"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const httpErrors = new Counter({
    name: "http_server_errors_total",
    help: "Responses with a 5xx status",
    labelNames: ["route"] as const,
    registers: [registry],
  });
  return { registry, httpDuration, httpErrors };
}

export type Metrics = ReturnType<typeof createMetrics>;

/** Groups paths into a few route kinds so the metric's label set stays small. */
export function routeKind(path: string): string {
  if (path === "/graphql") return "graphql";
  if (path.startsWith("/images/")) return "images";
  if (path.startsWith("/assets/")) return "assets";
  if (path === "/healthz" || path === "/readyz" || path === "/metrics") return "ops";
  if (path.endsWith(".data")) return "data";
  // robots.txt and the sitemaps (decision 0090): a first sitemap request takes seconds, not a page's milliseconds.
  if (path === "/robots.txt" || path === "/sitemap.xml" || path.startsWith("/sitemaps/")) return "seo";
  return "page";
}

/** An answered request as the metrics and the request log record it (server/app.ts). */
export interface AnsweredRequest {
  method: string;
  path: string;
  status: number;
  seconds: number;
  requestId: string;
}
