import { readFileSync, writeFileSync } from "node:fs";
import { minifyIntrospection, outputIntrospectionFile } from "@gql.tada/internal";
import { introspectionFromSchema } from "graphql";
import { printedSchema, schema } from "../api/schema.ts";

/**
 * Writes schema.graphql (the committed SDL) and the storefront's typed introspection
 * (app/lib/graphql/graphql-env.d.ts, read by gql.tada). `--check` fails when either is stale.
 */
const files = {
  sdl: new URL("../schema.graphql", import.meta.url),
  env: new URL("../app/lib/graphql/graphql-env.d.ts", import.meta.url),
};
const introspection = minifyIntrospection(introspectionFromSchema(schema, { descriptions: false }));
const wanted = {
  sdl: printedSchema(),
  env: outputIntrospectionFile(introspection, { fileType: ".d.ts", shouldPreprocess: true }),
};
const check = process.argv.includes("--check");
let stale = false;
for (const key of ["sdl", "env"] as const) {
  let current = "";
  try {
    current = readFileSync(files[key], "utf8");
  } catch {}
  if (current === wanted[key]) continue;
  if (check) {
    console.error(`${files[key].pathname} is out of date: run npm run schema:print`);
    stale = true;
  } else {
    writeFileSync(files[key], wanted[key]);
  }
}
if (stale) process.exit(1);
