import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from "node:crypto";
import { and, eq, gt, inArray, isNull, or, sql } from "drizzle-orm";
import type { Database } from "#db/client.ts";
import {
  carts,
  checkoutSessions,
  customerBalanceEntries,
  customers,
  favorites,
  loginTokens,
  newsletterSubscriptions,
  orders,
  outbox,
  passwordResets,
  productQuestions,
  refreshTokens,
  reviews,
  stockMonitors,
} from "#db/schema/index.ts";
import {
  ERASED_AUTHOR,
  ERASED_ORDER_EMAIL,
  type ErasureRefusal,
  erasedAccountEmail,
  erasureRefusal,
  OPEN_ORDER_STATUSES,
} from "#domain/erasure.ts";
import { type Message, msg } from "#domain/messages.ts";
import { isPasswordDigest } from "#domain/password.ts";
import {
  type Country,
  isValidIdentityNumber,
  isValidPostalCode,
  normalizeEmail,
} from "#domain/validators.ts";
import { commonPasswordDigests, hashDigest } from "./passwords.ts";

/**
 * A customer's account (issue 12): the profile behind getUser / updateUser, erasing it (deleteUser), and the
 * forgotten-password flow (requestPasswordReset / commitReset). Personal data never reaches a log line.
 */

export const GENDERS = ["UNSET", "UNSPECIFIED", "WOMAN", "MAN"] as const;
export type Gender = (typeof GENDERS)[number];
/** A reset key's life (issue 12: one hour). */
export const RESET_SECONDS = 3_600;

/** A refusal of a field, with the message the shopper reads next to it. */
export class AccountInputError extends Error {
  readonly field: string;
  readonly text: Message;
  readonly code: "BAD_USER_INPUT" | "INVALID_IDENTITY_NUMBER";
  constructor(
    field: string,
    text: Message,
    code: "BAD_USER_INPUT" | "INVALID_IDENTITY_NUMBER" = "BAD_USER_INPUT",
  ) {
    super(`${field}: ${text.key}`);
    this.name = "AccountInputError";
    this.field = field;
    this.text = text;
    this.code = code;
  }
}

export interface AddressInput {
  firstName?: string | null;
  lastName?: string | null;
  addressLine1?: string | null;
  addressLine2?: string | null;
  addressLine3?: string | null;
  entryCode?: string | null;
  careOf?: string | null;
  city?: string | null;
  state?: string | null;
  country?: string | null;
  zip?: string | null;
  company?: string | null;
  mobile?: string | null;
  phone?: string | null;
}

export interface UserInput {
  address?: AddressInput | null;
  gender?: Gender | null;
  newsletter?: boolean | null;
  personalId?: string | null;
  customerType?: "PERSON" | "ORGANIZATION" | null;
  metaData?: string | null;
  /** Mili: the organisation number of an ORGANIZATION customer (Geins keeps it in personalId). */
  organizationId?: string | null;
}

export interface UserRecord {
  id: number;
  email: string;
  gender: Gender;
  customerType: "PERSON" | "ORGANIZATION";
  newsletter: boolean;
  personalId: string | null;
  organizationId: string | null;
  address: Required<{ [K in keyof AddressInput]: string }>;
  balances: { currency: string; amountMinor: number }[];
}

const genderOut = (value: string): Gender =>
  value === "woman" ? "WOMAN" : value === "man" ? "MAN" : value === "unspecified" ? "UNSPECIFIED" : "UNSET";
const genderIn = (value: Gender): string => (value === "UNSET" ? "unset" : value.toLowerCase());

export async function getUser(db: Database, customerId: number): Promise<UserRecord | null> {
  const [c] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.id, customerId), isNull(customers.deletedAt)));
  if (!c) return null;
  const balances = await db
    .select({
      currency: customerBalanceEntries.currencyCode,
      amountMinor: sql<number>`sum(${customerBalanceEntries.amountMinor})::int`,
    })
    .from(customerBalanceEntries)
    .where(eq(customerBalanceEntries.customerId, customerId))
    .groupBy(customerBalanceEntries.currencyCode);
  return {
    id: c.id,
    email: c.email,
    gender: genderOut(c.gender),
    customerType: c.customerType === "ORGANIZATION" ? "ORGANIZATION" : "PERSON",
    newsletter: c.newsletter,
    personalId: c.personalId,
    organizationId: c.organizationId,
    address: {
      firstName: c.firstName ?? "",
      lastName: c.lastName ?? "",
      addressLine1: c.address ?? "",
      addressLine2: c.address2 ?? "",
      addressLine3: "",
      entryCode: c.entryCode ?? "",
      careOf: c.careOf ?? "",
      city: c.city ?? "",
      state: "",
      country: c.countryCode ?? "",
      zip: c.zip ?? "",
      company: c.companyName ?? "",
      mobile: c.phone ?? "",
      phone: c.phone ?? "",
    },
    balances: balances.map((b) => ({ currency: b.currency, amountMinor: Number(b.amountMinor) })),
  };
}

const MAX_FIELD = 200;
/** A text field as given: omitted (undefined) keeps it; null or empty clears it (null); else trimmed. */
const trimmed = (value: string | null | undefined, field: string): string | null | undefined => {
  if (value === undefined || value === null) return value;
  const text = value.trim();
  if (text.length > MAX_FIELD) throw new AccountInputError(field, msg("account.form.invalid"));
  return text === "" ? null : text;
};

/**
 * Updates the profile: an omitted field stays as it is; a text field given empty or null is cleared (a shopper who
 * empties a field in the settings means it); gender, newsletter and customer type given null stay. Validated by the rules
 * of spec §5 for the customer's country (the address's, else the channel's): personnummer / fødselsnummer
 * (2032 scheme included) for a person, organisation number for an organisation, postal code.
 */
export async function updateUser(
  db: Database,
  customerId: number,
  input: UserInput,
  channelCountry: Country,
): Promise<UserRecord | null> {
  const [current] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.id, customerId), isNull(customers.deletedAt)));
  if (!current) return null;
  const a = input.address ?? {};
  const countryText = trimmed(a.country, "country");
  const countryCode =
    countryText === undefined
      ? current.countryCode
      : countryText === null
        ? null
        : countryText.toUpperCase().slice(0, 2);
  const country: Country = countryCode === "SE" ? "SE" : countryCode === "NO" ? "NO" : channelCountry;
  const customerType = input.customerType ?? (current.customerType as "PERSON" | "ORGANIZATION");

  const personalId = trimmed(input.personalId, "personalId");
  // Geins keeps an organisation's number in personalId; Mili also has organizationId.
  const organizationIdGiven = trimmed(input.organizationId, "organizationId");
  const organizationId =
    organizationIdGiven !== undefined
      ? organizationIdGiven
      : customerType === "ORGANIZATION" && personalId
        ? personalId
        : undefined;
  if (personalId && customerType === "PERSON" && !isValidIdentityNumber(personalId, country, "PERSON"))
    throw new AccountInputError("personalId", msg("account.personalId.invalid"), "INVALID_IDENTITY_NUMBER");
  if (organizationId && !isValidIdentityNumber(organizationId, country, "ORGANIZATION"))
    throw new AccountInputError(
      "organizationId",
      msg("account.organizationId.invalid"),
      "INVALID_IDENTITY_NUMBER",
    );
  const zip = trimmed(a.zip, "zip");
  if (zip && !isValidPostalCode(zip, country)) throw new AccountInputError("zip", msg("account.zip.invalid"));

  const set: Partial<typeof customers.$inferInsert> = { updatedAt: new Date() };
  const assign = <K extends keyof typeof customers.$inferInsert>(key: K, value: unknown) => {
    if (value !== undefined) set[key] = value as (typeof customers.$inferInsert)[K];
  };
  assign("firstName", trimmed(a.firstName, "firstName"));
  assign("lastName", trimmed(a.lastName, "lastName"));
  assign("address", trimmed(a.addressLine1, "addressLine1"));
  assign("address2", trimmed(a.addressLine2, "addressLine2"));
  assign("entryCode", trimmed(a.entryCode, "entryCode"));
  assign("careOf", trimmed(a.careOf, "careOf"));
  assign("city", trimmed(a.city, "city"));
  assign("zip", zip);
  assign("companyName", trimmed(a.company, "company"));
  // One phone number (Geins has mobile and phone): the first given with a number; else cleared when either was
  // given empty or null.
  const phones = [trimmed(a.mobile, "mobile"), trimmed(a.phone, "phone")];
  assign("phone", phones.find((p) => typeof p === "string") ?? (phones.includes(null) ? null : undefined));
  if (countryText !== undefined) set.countryCode = countryCode;
  if (input.gender) set.gender = genderIn(input.gender);
  assign("newsletter", input.newsletter ?? undefined);
  if (personalId !== undefined && customerType === "PERSON") set.personalId = personalId;
  assign("organizationId", organizationId);
  assign("customerType", input.customerType ?? undefined);
  await db.update(customers).set(set).where(eq(customers.id, customerId));
  return getUser(db, customerId);
}

/** What erasing an account came to: erased, erased before (nothing changed), or refused (nothing changed). */
export type ErasureOutcome =
  | { kind: "erased" }
  | { kind: "alreadyErased" }
  | { kind: "notFound" }
  | ErasureRefusal;

/**
 * The erasure's guard, inside the caller's transaction (decision 0053, and 0065 for the shopper's own deletion):
 * locks the account row first, so an order placed meanwhile waits for the erasure (or the erasure sees it), then
 * applies the one rule (domain/erasure.ts erasureRefusal: no order pending, received or processing). Null when
 * the erasure may go ahead; the shopper's deleteUser and the back office's eraseCustomer both call it.
 */
export async function erasureBlock(
  tx: Database,
  customerId: number,
): Promise<Exclude<ErasureOutcome, { kind: "erased" }> | null> {
  const [row] = await tx
    .select({ deletedAt: customers.deletedAt })
    .from(customers)
    .where(eq(customers.id, customerId))
    .for("update");
  if (!row) return { kind: "notFound" };
  if (row.deletedAt) return { kind: "alreadyErased" };
  const open = await tx
    .select({ orderId: orders.id, orderNumber: orders.orderNumber, status: orders.status })
    .from(orders)
    .where(and(eq(orders.customerId, customerId), inArray(orders.status, [...OPEN_ORDER_STATUSES])))
    .orderBy(orders.id);
  return erasureRefusal(open);
}

/**
 * Erases an account: every personal field is cleared, the address replaced by a placeholder, the password and
 * every session gone, favourites deleted. Orders stay for the bookkeeping, detached from the customer and
 * anonymised (name, e-mail, phone, identity numbers, company, addresses, message). One transaction. Refused while
 * an order is open (`openOrders`, nothing changed): its delivery, payment or withdrawal still needs the address.
 */
export async function deleteUser(db: Database, customerId: number): Promise<ErasureOutcome> {
  return db.transaction(async (txh) => {
    const tx = txh as unknown as Database;
    const blocked = await erasureBlock(tx, customerId);
    if (blocked) return blocked;
    return (await eraseAccount(tx, customerId)) ? { kind: "erased" } : { kind: "alreadyErased" };
  });
}

/**
 * The erasure itself (decision 0053; domain/erasure.ts says what is kept), inside the caller's transaction: the
 * shopper's deleteUser and the back office's erasure (services/admin/privacy/erase.ts) both run it. False when there
 * is no live account (already erased: nothing changes). Reviews and questions stay, signed ERASED_AUTHOR; login
 * tokens not yet used are spent; newsletter and back-in-stock subscriptions of the address are removed.
 */
export async function eraseAccount(tx: Database, customerId: number, now = new Date()): Promise<boolean> {
  const [live] = await tx
    .select({ email: customers.email })
    .from(customers)
    .where(and(eq(customers.id, customerId), isNull(customers.deletedAt)))
    .for("update");
  if (!live) return false;
  await tx
    .update(customers)
    .set({
      email: erasedAccountEmail(customerId),
      passwordHash: null,
      firstName: null,
      lastName: null,
      phone: null,
      gender: "unspecified",
      careOf: null,
      address: null,
      address2: null,
      zip: null,
      city: null,
      countryCode: null,
      newsletter: false,
      personalId: null,
      orderMessage: null,
      entryCode: null,
      organizationId: null,
      companyName: null,
      deletedAt: now,
      updatedAt: now,
    })
    .where(eq(customers.id, customerId));
  await tx
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.customerId, customerId), isNull(refreshTokens.revokedAt)));
  await tx
    .update(loginTokens)
    .set({ usedAt: now })
    .where(and(eq(loginTokens.customerId, customerId), isNull(loginTokens.usedAt)));
  await tx.delete(passwordResets).where(eq(passwordResets.customerId, customerId));
  await tx.delete(favorites).where(eq(favorites.customerId, customerId));
  await tx.delete(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, live.email));
  await tx.delete(stockMonitors).where(eq(stockMonitors.email, live.email));
  await tx
    .update(reviews)
    .set({ customerId: null, author: ERASED_AUTHOR })
    .where(eq(reviews.customerId, customerId));
  await tx
    .update(productQuestions)
    .set({ customerId: null, author: ERASED_AUTHOR })
    .where(eq(productQuestions.customerId, customerId));
  // The checkout's input (e-mail, addresses, identity number) kept with each payment attempt of the account's carts
  // and orders: emptied before the orders are detached from the account.
  await tx
    .update(checkoutSessions)
    .set({ data: {} })
    .where(
      or(
        inArray(
          checkoutSessions.cartId,
          tx.select({ id: carts.id }).from(carts).where(eq(carts.customerId, customerId)),
        ),
        inArray(
          checkoutSessions.cartId,
          tx.select({ id: orders.cartId }).from(orders).where(eq(orders.customerId, customerId)),
        ),
      ),
    );
  await tx
    .update(orders)
    .set({
      customerId: null,
      email: ERASED_ORDER_EMAIL,
      firstName: null,
      lastName: null,
      phone: null,
      identityNumber: null,
      organizationId: null,
      companyName: null,
      billingAddress: {},
      shippingAddress: {},
      zip: null,
      message: null,
    })
    .where(eq(orders.customerId, customerId));
  return true;
}

// ---------------------------------------------------------------------------------------------
// Forgotten password

/** Seals a reset key for the outbox (AES-256-GCM under a key derived from AUTH_SECRET): the table never holds it. */
export function sealResetKey(secret: string, key: string): string {
  const k = createHmac("sha256", secret).update("mili:reset-key-seal").digest();
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", k, iv);
  const body = Buffer.concat([cipher.update(key, "utf8"), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((b) => b.toString("base64url")).join(".");
}

export function openResetKey(secret: string, sealed: string): string {
  const [iv, tag, body] = sealed.split(".").map((p) => Buffer.from(p, "base64url"));
  if (!iv || !tag || !body) throw new Error("not a sealed reset key");
  const k = createHmac("sha256", secret).update("mili:reset-key-seal").digest();
  const decipher = createDecipheriv("aes-256-gcm", k, iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(body), decipher.final()]).toString("utf8");
}

const hashKey = (key: string) => createHash("sha256").update(key).digest("base64url");

/**
 * Starts a reset: when the address has a live account, a single-use key (32 random bytes) is stored hashed for an
 * hour and the e-mail queued (the key sealed in its outbox row). Answers nothing either way: the caller answers
 * true whether or not the address has an account.
 */
export async function requestPasswordReset(
  db: Database,
  opts: { secret: string; email: string; language: "nb" | "sv"; now?: Date },
): Promise<void> {
  const now = opts.now ?? new Date();
  const [customer] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.email, normalizeEmail(opts.email)), isNull(customers.deletedAt)));
  if (!customer) return;
  const key = randomBytes(32).toString("base64url");
  await db.transaction(async (tx) => {
    await tx.insert(passwordResets).values({
      customerId: customer.id,
      keyHash: hashKey(key),
      expiresAt: new Date(now.getTime() + RESET_SECONDS * 1000),
      createdAt: now,
    });
    await tx.insert(outbox).values({
      kind: "mail.passwordReset",
      payload: {
        customerId: customer.id,
        language: opts.language,
        sealedKey: sealResetKey(opts.secret, key),
      },
      runAfter: now,
      createdAt: now,
    });
  });
}

let commonDigests: { salt: string; set: ReadonlySet<string> } | undefined;

/**
 * Completes a reset: the key must be live (unused, under an hour old); it is used up in the statement that checks
 * it. The new password (a digest) replaces the old, every session ends and the "password changed" e-mail is
 * queued. False when the key is unknown, used or expired: the shopper asks for a new one.
 */
export async function commitReset(
  db: Database,
  opts: { resetKey: string; password: string; salt: string; language: "nb" | "sv"; now?: Date },
): Promise<boolean> {
  const now = opts.now ?? new Date();
  if (!isPasswordDigest(opts.password))
    throw new AccountInputError("password", msg("account.password.required"));
  if (commonDigests?.salt !== opts.salt)
    commonDigests = { salt: opts.salt, set: commonPasswordDigests(opts.salt) };
  if (commonDigests.set.has(opts.password))
    throw new AccountInputError("password", msg("account.password.common"));
  const passwordHash = await hashDigest(opts.password);
  return db.transaction(async (tx) => {
    const [used] = await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResets.keyHash, hashKey(opts.resetKey)),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, now),
        ),
      )
      .returning({ customerId: passwordResets.customerId });
    if (!used) return false;
    await tx
      .update(customers)
      .set({ passwordHash, updatedAt: now })
      .where(and(eq(customers.id, used.customerId), isNull(customers.deletedAt)));
    await tx
      .update(refreshTokens)
      .set({ revokedAt: now })
      .where(and(eq(refreshTokens.customerId, used.customerId), isNull(refreshTokens.revokedAt)));
    await tx.insert(outbox).values({
      kind: "mail.passwordChanged",
      payload: { customerId: used.customerId, language: opts.language },
      runAfter: now,
      createdAt: now,
    });
    return true;
  });
}
