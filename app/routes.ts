import { type RouteConfig, route } from "@react-router/dev/routes";

/**
 * The localized route table: one definition per screen, expanded for each language (Norwegian at the root,
 * Swedish under /sv). Route ids carry the language so both variants coexist.
 */
const screens = [{ id: "home", file: "routes/home.tsx", paths: { nb: "/", sv: "/sv" } }] as const;

export default [
  ...screens.flatMap((s) => [
    route(s.paths.nb, s.file, { id: `${s.id}-nb` }),
    route(s.paths.sv, s.file, { id: `${s.id}-sv` }),
  ]),
  route("*", "routes/not-found.tsx", { id: "not-found" }),
] satisfies RouteConfig;
