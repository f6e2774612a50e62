import { createInterface } from "node:readline";
import { parseArgs } from "node:util";
import { openDatabase } from "#db/client.ts";
import { ADMIN_ROLES, isAdminRole } from "#domain/admin-permissions.ts";
import { resetTotp } from "#services/admin/totp.ts";
import { ADMIN_PASSWORD_MIN, createAdminUser } from "#services/admin/users.ts";

/**
 * `npm run admin:create -- --email you@shop.example --role owner [--language sv|nb|en]`: a back-office user
 * (README "Back office"). `--reset-two-step` instead turns an existing admin's two-step sign-in off (a lost phone). The password comes from MILI_ADMIN_PASSWORD, else from standard input when it is piped,
 * else it is asked for (not echoed). Uses DATABASE_URL, or the embedded database in PGLITE_DIR (default var/db;
 * stop `npm start` first: PGlite has one user at a time).
 */
const { values } = parseArgs({
  options: {
    email: { type: "string" },
    role: { type: "string", default: "owner" },
    language: { type: "string", default: "en" },
    "reset-two-step": { type: "boolean", default: false },
  },
});
const fail = (message: string): never => {
  console.error(message);
  process.exit(1);
};
const email = values.email ?? fail("--email is required");
const role = values.role ?? "owner";
if (!isAdminRole(role)) fail(`--role must be one of ${ADMIN_ROLES.join(", ")}`);
const language = values.language;
if (language !== "sv" && language !== "nb" && language !== "en") fail("--language must be sv, nb or en");

if (values["reset-two-step"]) {
  const handle = await openDatabase({
    url: process.env.DATABASE_URL,
    dir: process.env.PGLITE_DIR ?? "var/db",
  });
  try {
    await handle.migrate();
    if (await resetTotp(handle.db, email)) console.log(`Two-step sign-in turned off for ${email}`);
    else fail(`No admin user ${email}`);
  } finally {
    await handle.close();
  }
  process.exit(0);
}

async function readPassword(): Promise<string> {
  const fromEnv = process.env.MILI_ADMIN_PASSWORD;
  if (fromEnv) return fromEnv;
  if (!process.stdin.isTTY) {
    let text = "";
    for await (const chunk of process.stdin) text += chunk;
    return text.replace(/\r?\n$/, "");
  }
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  const prompt = `Password (at least ${ADMIN_PASSWORD_MIN} characters): `;
  process.stdout.write(prompt);
  // Nothing typed is echoed.
  (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = () => {};
  const answer = await new Promise<string>((resolve) => rl.question("", resolve));
  rl.close();
  process.stdout.write("\n");
  return answer;
}

const password = await readPassword();
const handle = await openDatabase({ url: process.env.DATABASE_URL, dir: process.env.PGLITE_DIR ?? "var/db" });
try {
  await handle.migrate();
  const admin = await createAdminUser(handle.db, {
    email,
    role: role as (typeof ADMIN_ROLES)[number],
    password,
    language: language as "sv" | "nb" | "en",
  });
  console.log(`Admin user ${admin.email} (${admin.role}) created: sign in at /admin`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await handle.close();
}
