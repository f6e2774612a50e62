import { PASSWORD_SALT_DEFAULT, passwordDigest } from "#domain/password.ts";

/**
 * Registers a shopper through the auth endpoint's three steps (API.md): their bearer token. For tests that need a
 * signed-in customer and are not about signing in.
 */
export async function registerByApi(origin: string, username: string, password = "blåbærsyltetøy-2026") {
  const post = async (body: unknown) => {
    const response = await fetch(`${origin}/auth/register`, {
      method: "POST",
      headers: { "content-type": "application/json", origin },
      body: JSON.stringify(body),
    });
    if (response.status !== 200)
      throw new Error(`register: HTTP ${response.status} ${await response.text()}`);
    return (await response.json()) as Record<string, unknown>;
  };
  const step1 = await post({ username });
  const step2 = (await (await fetch(`${origin}/auth/sign/${step1.sign}`)).json()) as { signature: string };
  const done = await post({
    username,
    signature: step2.signature,
    password: await passwordDigest(password, PASSWORD_SALT_DEFAULT),
  });
  return done.token as string;
}
