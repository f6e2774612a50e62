import { randomUUID } from "node:crypto";
import { and, eq, isNotNull, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cartItems, carts, customers, favorites, orders, outbox, passwordResets } from "#db/schema/index.ts";
import { PASSWORD_SALT_DEFAULT, passwordDigest } from "#domain/password.ts";
import { openResetKey } from "#services/customers/accounts.ts";
import { buildDocument, operation, variablesOf } from "#tests/compat/geins/build.ts";
import { gql, type Shop, startShop } from "#tests/support/shop.ts";

/**
 * The account operations of API.md with the Geins clients' own documents (tests/compat/geins/): a shopper
 * registers through /auth/, completes the profile with updateUser, reads it with getUser, resets a forgotten
 * password with the key from the queued e-mail, and deletes the account. PGlite, and PostgreSQL with DATABASE_URL.
 */
let shop: Shop;

beforeAll(async () => {
  shop = await startShop({ SEED_PRODUCTS: "10" });
});
afterAll(async () => {
  await shop?.close();
});

async function auth(
  action: string,
  username: string,
  password: string,
  extra: Record<string, unknown> = {},
  cookie?: string,
) {
  const post = async (body: unknown) => {
    const response = await fetch(`${shop.origin}/auth/${action}`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: shop.origin, ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
    return { response, json: (await response.json()) as Record<string, unknown> };
  };
  const { json: step1 } = await post({ username });
  const step2 = (await (await fetch(`${shop.origin}/auth/sign/${step1.sign}`)).json()) as {
    signature: string;
  };
  return post({
    username,
    signature: step2.signature,
    password: await passwordDigest(password, PASSWORD_SALT_DEFAULT),
    ...extra,
  });
}

async function run(id: string, variables: Record<string, unknown>, token?: string) {
  const op = operation(id);
  return gql(
    shop.origin,
    {
      operationName: op.name,
      query: buildDocument(op),
      variables: { ...(op.examples[0] ? variablesOf(op.examples[0], {}) : {}), ...variables },
    },
    token ? { authorization: `Bearer ${token}` } : {},
  );
}

const no = { channelId: "2|no", languageId: "nb-NO", marketId: "no" };

describe("the account operations of the Geins clients", () => {
  let token = "";

  it("register (auth endpoint) then updateUser completes the profile; getUser reads it", async () => {
    const registered = await auth("register", "ola.nordmann@example.no", "blåbærsyltetøy");
    expect(registered.response.status).toBe(200);
    token = registered.json.token as string;
    const created = await run(
      "ralph-ui/updateUser@register",
      {
        ...no,
        user: {
          newsletter: true,
          customerType: "PERSON",
          address: { firstName: "Ola", lastName: "Nordmann" },
        },
      },
      token,
    );
    expect(created.body.errors).toBeUndefined();
    expect(created.body.data.updateUser).toEqual({ email: "ola.nordmann@example.no" });

    const updated = await run(
      "ralph-ui/updateUser@update",
      {
        ...no,
        user: {
          gender: "MAN",
          personalId: "01010750160",
          address: {
            addressLine1: "Storgata 1",
            zip: "0150",
            city: "Oslo",
            country: "NO",
            mobile: "+4799999999",
          },
        },
      },
      token,
    );
    expect(updated.body.errors).toBeUndefined();
    expect(updated.body.data.updateUser).toMatchObject({
      email: "ola.nordmann@example.no",
      personalId: "01010750160",
      customerType: "PERSON",
      gender: "MAN",
      balanceFormatted: "0\u00a0kr",
      address: {
        firstName: "Ola",
        lastName: "Nordmann",
        addressLine1: "Storgata 1",
        zip: "0150",
        city: "Oslo",
      },
    });

    const sdkCreate = await run("geins-sdk/UserCreate", { ...no, user: { customerType: "PERSON" } }, token);
    expect(sdkCreate.body.data.updateUser).toEqual({ email: "ola.nordmann@example.no" });
    const sdkUpdate = await run("geins-sdk/UserUpdate", { ...no, user: { metaData: "{}" } }, token);
    expect(sdkUpdate.body.errors).toBeUndefined();
    expect(sdkUpdate.body.data.updateUser.personalId).toBe("01010750160");
    const sdk = await run("geins-sdk/UserGet", no, token);
    expect(sdk.body.errors).toBeUndefined();
    expect(sdk.body.data.getUser.balances).toEqual([]);
    expect(sdk.body.data.getUser.availableChannels.map((c: { channelId: string }) => c.channelId)).toContain(
      "2|no",
    );
  });

  it("refuses a bad personnummer with the exact message, and answers a guest null or UNAUTHENTICATED", async () => {
    const bad = await run(
      "ralph-ui/updateUser@update",
      { ...no, user: { personalId: "01010750161" } },
      token,
    );
    expect(bad.body.errors?.[0]).toMatchObject({
      message: "Du må oppgi et gyldig personnummer",
      extensions: { code: "INVALID_IDENTITY_NUMBER", field: "personalId" },
    });
    const swedish = await run(
      "ralph-ui/updateUser@update",
      { channelId: "1|se", languageId: "sv-SE", marketId: "se", user: { personalId: "123" } },
      token,
    );
    expect(swedish.body.errors?.[0]?.message).toBe("Du måste ange ett giltigt personnummer");
    // The clients' order lists run: both select each order's whole cart, which the cost limit (decision 0018)
    // counts at 10 orders × 100 lines × a product as the schema sizes them, and then again by the shopper's own
    // orders (api/known-sizes.ts): a shopper without orders gets an empty list.
    for (const id of ["ralph-ui/getOrders", "geins-sdk/UserOrders"]) {
      const listed = await run(id, no, token);
      expect(listed.body.errors, id).toBeUndefined();
      expect(listed.body.data.getOrders, id).toEqual([]);
    }
    const guest = await run("ralph-ui/getUser", no);
    expect(guest.body.errors).toBeUndefined();
    expect(guest.body.data.getUser).toBeNull();
    const guestDelete = await run("ralph-ui/deleteUser", no);
    expect(guestDelete.body.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
  });

  it("resets a forgotten password with the e-mailed key: single use, answers never tell whether an address exists", async () => {
    const unknown = await run("ralph-ui/requestPasswordReset", { ...no, email: "nobody@example.no" });
    const known = await run("ralph-ui/requestPasswordReset", { ...no, email: "Ola.Nordmann@example.no" });
    expect(unknown.body).toEqual(known.body);
    const sdkUnknown = await run("geins-sdk/UserRequestPasswordReset", { ...no, email: "nobody@example.no" });
    expect(sdkUnknown.body).toEqual({ data: { requestPasswordReset: true } });
    expect(known.body.data.requestPasswordReset).toBe(true);
    const db = shop.db.db;
    const [mail] = await db.select().from(outbox).where(eq(outbox.kind, "mail.passwordReset"));
    const payload = mail?.payload as { sealedKey: string; customerId: number };
    const resetKey = openResetKey(shop.config.authSecret, payload.sealedKey);
    // Stored hashed only.
    const keys = await db.select().from(passwordResets);
    expect(keys.map((k) => k.keyHash)).not.toContain(resetKey);

    const password = await passwordDigest("nytt-passord-2026", PASSWORD_SALT_DEFAULT);
    const done = await run("ralph-ui/commitReset", { ...no, resetKey, password });
    expect(done.body.errors).toBeUndefined();
    expect(done.body.data.commitReset).toBe(true);
    const again = await run("geins-sdk/UserPasswordResetCommit", { ...no, resetKey, password });
    expect(again.body.errors?.[0]?.message).toMatch(/utløpt eller allerede brukt/);
    // The old session ended with the reset; the new password signs in.
    expect((await run("ralph-ui/getUser", no, token)).body.data.getUser).toBeNull();
    const signedIn = await auth("login", "ola.nordmann@example.no", "nytt-passord-2026");
    expect(signedIn.response.status).toBe(200);
    token = signedIn.json.token as string;
  });

  it("lists the active sessions and signs out everywhere", async () => {
    const other = await auth("login", "ola.nordmann@example.no", "nytt-passord-2026");
    const list = await gql(
      shop.origin,
      { query: "{ getSessions { id current rememberMe userAgent } }" },
      { authorization: `Bearer ${token}` },
    );
    expect(list.body.errors).toBeUndefined();
    expect(list.body.data.getSessions).toHaveLength(2);
    expect(list.body.data.getSessions.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    const out = await gql(
      shop.origin,
      { query: "mutation { signOutEverywhere }" },
      { authorization: `Bearer ${other.json.token}` },
    );
    expect(out.body.data.signOutEverywhere).toBe(true);
    expect((await run("ralph-ui/getUser", no, token)).body.data.getUser).toBeNull();
    token = (await auth("login", "ola.nordmann@example.no", "nytt-passord-2026")).json.token as string;
  });

  it("deleteUser is refused while an order is open: OPEN_ORDERS in the shopper's language, nothing changes", async () => {
    const db = shop.db.db;
    const [me] = await db
      .select()
      .from(customers)
      .where(and(eq(customers.email, "ola.nordmann@example.no"), isNull(customers.deletedAt)));
    if (!me) throw new Error("no account");
    // A received order holds the deletion up; a completed and a cancelled one do not (domain/erasure.ts).
    const placed = async (status: string) => {
      const [row] = await db
        .insert(orders)
        .values({
          cartId: randomUUID(),
          orderNumber: `NO-${randomUUID().slice(0, 8)}`,
          channelId: "2|no",
          marketAlias: "no",
          languageId: "nb-NO",
          currencyCode: "NOK",
          customerId: me.id,
          email: me.email,
          firstName: "Ola",
          lastName: "Nordmann",
          billingAddress: { addressLine1: "Storgata 1" },
          shippingAddress: { addressLine1: "Storgata 1" },
          status,
          itemValueIncVatMinor: 12500,
          itemValueExVatMinor: 10000,
          vatMinor: 2500,
          totalIncVatMinor: 12500,
        })
        .returning({ id: orders.id, orderNumber: orders.orderNumber });
      if (!row) throw new Error("no order");
      return row;
    };
    await placed("completed");
    await placed("cancelled");
    const open = await placed("received");
    const erase = (channelId: string, marketId: string, languageId: string) =>
      gql(
        shop.origin,
        {
          query: `mutation { deleteUser(channelId: "${channelId}", marketId: "${marketId}", languageId: "${languageId}") }`,
        },
        { authorization: `Bearer ${token}` },
      );
    const refused = await erase("2|no", "no", "nb-NO");
    expect(refused.body.errors?.[0]?.extensions).toMatchObject({
      code: "OPEN_ORDERS",
      orders: [open.orderNumber],
    });
    expect(refused.body.errors?.[0]?.message).toBe(
      `Kontoen kan ikke slettes mens du har bestillinger som ikke er avsluttet (${open.orderNumber}). Prøv igjen når de er levert eller kansellert, eller kontakt kundeservice.`,
    );
    const swedish = await erase("1|se", "se", "sv-SE");
    expect(swedish.body.errors?.[0]?.message).toContain("Kontot kan inte raderas");
    // Nothing changed: the account, its session and the order are as they were.
    const [after] = await db.select().from(customers).where(eq(customers.id, me.id));
    expect(after).toMatchObject({ email: me.email, firstName: me.firstName, deletedAt: null });
    expect((await run("ralph-ui/getUser", no, token)).body.data.getUser.email).toBe(me.email);
    const [kept] = await db.select().from(orders).where(eq(orders.id, open.id));
    expect(kept).toMatchObject({ customerId: me.id, firstName: "Ola" });
    // Delivered: the deletion goes ahead (next test).
    await db.update(orders).set({ status: "completed" }).where(eq(orders.id, open.id));
  });

  it("deleteUser erases the personal data and ends the session", async () => {
    const deleted = await run("geins-sdk/UserDelete", no, token);
    expect(deleted.body.errors).toBeUndefined();
    expect(deleted.body.data.deleteUser).toBe(true);
    const db = shop.db.db;
    const live = await db
      .select()
      .from(customers)
      .where(and(eq(customers.email, "ola.nordmann@example.no"), isNull(customers.deletedAt)));
    expect(live).toEqual([]);
    const [erased] = await db.select().from(customers).where(isNotNull(customers.deletedAt));
    expect(erased).toMatchObject({
      email: `deleted-${erased?.id}@invalid`,
      passwordHash: null,
      firstName: null,
      lastName: null,
      personalId: null,
      address: null,
      zip: null,
      phone: null,
    });
    expect((await run("ralph-ui/getUser", no, token)).body.data.getUser).toBeNull();
    expect((await auth("login", "ola.nordmann@example.no", "nytt-passord-2026")).response.status).toBe(401);
  });
});

describe("signing in brings the guest's cart and favourites along", () => {
  const addToCart = async (skuId: number, quantity: number, id = "") => {
    const { body } = await gql(shop.origin, {
      query: `mutation($id: String!, $skuId: Int!, $quantity: Int!) { addToCart(id: $id, item: {skuId: $skuId, quantity: $quantity}, channelId: "2|no", languageId: "nb-NO", marketId: "no") { id } }`,
      variables: { id, skuId, quantity },
    });
    expect(body.errors).toBeUndefined();
    return body.data.addToCart.id as string;
  };
  const cartCookie = (response: Response) =>
    response.headers
      .getSetCookie()
      .find((c) => c.startsWith("mili-cart="))
      ?.split(";")[0]
      ?.slice("mili-cart=".length);

  it("a first cart becomes the account's; a later guest cart merges into it in one transaction", async () => {
    const first = await addToCart(2, 1);
    const registered = await auth(
      "register",
      "kari.cart@example.no",
      "kanelbolle-2026",
      {},
      `mili-cart=${first}`,
    );
    expect(registered.response.status).toBe(200);
    expect(cartCookie(registered.response)).toBe(first);
    const db = shop.db.db;
    const [owned] = await db.select().from(carts).where(eq(carts.id, first));
    expect(owned?.customerId).toEqual(expect.any(Number));

    // Signed out, a new guest cart with the same SKU and another, and a favourite.
    const guest = await addToCart(2, 2);
    await addToCart(7, 1, guest);
    const persisted = encodeURIComponent(JSON.stringify({ favorites: [1, 3] }));
    const login = await auth(
      "login",
      "kari.cart@example.no",
      "kanelbolle-2026",
      {},
      `mili-cart=${guest}; mili-persisted-states=${persisted}`,
    );
    expect(login.response.status).toBe(200);
    expect(cartCookie(login.response)).toBe(first);
    const lines = await db.select().from(cartItems).where(eq(cartItems.cartId, first));
    expect(lines.map((l) => [l.skuId, l.quantity]).sort()).toEqual([
      [2, 3],
      [7, 1],
    ]);
    expect(await db.select().from(carts).where(eq(carts.id, guest))).toEqual([]);
    const saved = await db
      .select()
      .from(favorites)
      .where(eq(favorites.customerId, owned?.customerId ?? 0));
    expect(saved.map((f) => f.productId).sort()).toEqual([1, 3]);
  });
});

describe("updateUser clears a field given empty or null, and keeps one omitted", () => {
  const ADDRESS =
    "firstName lastName addressLine1 addressLine2 entryCode careOf city zip country company mobile phone";
  const update = async (token: string, user: Record<string, unknown>) => {
    const { body } = await gql(
      shop.origin,
      {
        query: `mutation($user: UserInputType!) { updateUser(user: $user, channelId: "2|no", languageId: "nb-NO", marketId: "no") { personalId customerType address { ${ADDRESS} } } }`,
        variables: { user },
      },
      { authorization: `Bearer ${token}` },
    );
    expect(body.errors).toBeUndefined();
    return body.data.updateUser as {
      personalId: string | null;
      customerType: string;
      address: Record<string, string>;
    };
  };
  const full = {
    personalId: "01010750160",
    address: {
      firstName: "Kari",
      lastName: "Nordmann",
      addressLine1: "Storgata 1",
      addressLine2: "Oppgang B",
      entryCode: "1234",
      careOf: "Ola Nordmann",
      city: "Oslo",
      zip: "0150",
      country: "NO",
      phone: "+4799999999",
    },
  };

  it("each optional field: '' clears it, null clears it, omitted keeps it", async () => {
    const registered = await auth("register", "kari.clear@example.no", "kanelbolle-2026");
    const token = registered.json.token as string;
    const filled = await update(token, full);
    expect(filled.personalId).toBe("01010750160");
    expect(filled.address).toMatchObject({ ...full.address, mobile: "+4799999999" });

    // Omitted: everything stays.
    const kept = await update(token, { address: { city: "Bergen" } });
    expect(kept.personalId).toBe("01010750160");
    expect(kept.address).toMatchObject({ ...full.address, city: "Bergen", mobile: "+4799999999" });

    // Empty strings clear (as the settings form sends them).
    const emptied = await update(token, {
      personalId: "",
      address: { addressLine2: "", entryCode: "", careOf: "", phone: "", mobile: "" },
    });
    expect(emptied.personalId ?? "").toBe("");
    expect(emptied.address).toMatchObject({
      firstName: "Kari",
      addressLine1: "Storgata 1",
      addressLine2: "",
      entryCode: "",
      careOf: "",
      phone: "",
      mobile: "",
      city: "Bergen",
    });

    // A Geins client that sends only `mobile` clears the phone too.
    await update(token, { address: { phone: "+4798888888" } });
    expect((await update(token, { address: { mobile: "" } })).address.phone).toBe("");

    // null clears as well.
    await update(token, full);
    const nulled = await update(token, {
      personalId: null,
      address: { addressLine2: null, careOf: null, lastName: null, phone: null },
    });
    expect(nulled.personalId ?? "").toBe("");
    expect(nulled.address).toMatchObject({
      firstName: "Kari",
      lastName: "",
      addressLine2: "",
      careOf: "",
      phone: "",
      city: "Oslo",
    });
  });

  it("an organisation clears its company name", async () => {
    const registered = await auth("register", "firma.clear@example.no", "kanelbolle-2026", {
      customerType: "ORGANIZATION",
    });
    const token = registered.json.token as string;
    const org = { customerType: "ORGANIZATION", organizationId: "923609016" };
    expect((await update(token, { ...org, address: { company: "Fjellutstyr AS" } })).address.company).toBe(
      "Fjellutstyr AS",
    );
    expect((await update(token, { ...org, address: { company: "" } })).address.company).toBe("");
  });

  it("an organisation stays one when an update leaves the customer type out (as the Geins clients' updateUser does)", async () => {
    const registered = await auth("register", "firma.stays@example.no", "kanelbolle-2026", {
      customerType: "ORGANIZATION",
    });
    const token = registered.json.token as string;
    await update(token, { customerType: "ORGANIZATION", organizationId: "923609016" });
    const updated = await update(token, { address: { city: "Bergen" } });
    expect(updated.customerType).toBe("ORGANIZATION");
    expect(updated.address.city).toBe("Bergen");
  });
});
