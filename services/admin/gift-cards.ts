import { randomBytes } from "node:crypto";
import { and, asc, desc, eq, type SQL, sql } from "drizzle-orm";
import type { Database } from "#db/client.ts";
import { giftCards, giftCardTransactions } from "#db/schema/index.ts";
import {
  checkGiftCard,
  type GiftCardInput,
  giftCardPrefix,
  maskGiftCardCode,
} from "#domain/campaign-edit.ts";
import { GIFT_CARD_RANDOM_BYTES, giftCardCode } from "#domain/gift-card.ts";
import { writeAudit } from "./audit.ts";
import type { VersionedResult } from "./campaigns.ts";
import { catalogChoices } from "./products.ts";
import { Refused, refusable, refuseStale } from "./refusal.ts";
import type { AdminPrincipal } from "./users.ts";

/**
 * The back office's gift cards (issue 15, decision 0045): the shop's `gift_cards` and their transactions. A code is
 * a bearer secret (domain/gift-card.ts): lists and the audit log show it shortened (prefix and last group), found
 * by its last characters; the full code is answered once, by the mutation that issues the card. Deactivating is
 * versioned and audited; the cart refuses an inactive card.
 */
const iso = (d: Date | null) => (d ? d.toISOString() : null);

function stateOf(card: { active: boolean; expiresAt: Date | null }, now: Date) {
  if (!card.active) return "deactivated" as const;
  if (card.expiresAt && card.expiresAt <= now) return "expired" as const;
  return "usable" as const;
}

export async function adminGiftCards(
  db: Database,
  filter: { lastDigits?: string | null; skip: number; take: number; now: Date },
) {
  const conditions: SQL[] = [];
  // The last characters only (at most one group's worth): never a search by the whole secret.
  const tail = filter.lastDigits?.replace(/[\s-]/g, "").toUpperCase().slice(-4);
  if (tail) conditions.push(sql`right(${giftCards.code}, ${tail.length}) = ${tail}`);
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(giftCards)
      .where(where)
      .orderBy(desc(giftCards.id))
      .limit(filter.take)
      .offset(filter.skip),
    db.select({ n: sql<number>`count(*)::int` }).from(giftCards).where(where),
  ]);
  return {
    total: total?.n ?? 0,
    giftCards: rows.map((r) => ({
      giftCardId: r.id,
      maskedCode: maskGiftCardCode(r.code),
      currencyCode: r.currencyCode,
      initialMinor: r.initialMinor,
      balanceMinor: r.balanceMinor,
      expiresAt: iso(r.expiresAt),
      state: stateOf(r, filter.now),
      createdAt: r.createdAt.toISOString(),
    })),
  };
}

export type AdminGiftCardRow = Awaited<ReturnType<typeof adminGiftCards>>["giftCards"][number];

export async function adminGiftCard(db: Database, id: number, now = new Date()) {
  const [r] = await db.select().from(giftCards).where(eq(giftCards.id, id));
  if (!r) return null;
  const transactions = await db
    .select()
    .from(giftCardTransactions)
    .where(eq(giftCardTransactions.giftCardId, id))
    .orderBy(asc(giftCardTransactions.id));
  return {
    giftCardId: r.id,
    maskedCode: maskGiftCardCode(r.code),
    currencyCode: r.currencyCode,
    initialMinor: r.initialMinor,
    balanceMinor: r.balanceMinor,
    expiresAt: iso(r.expiresAt),
    createdAt: r.createdAt.toISOString(),
    state: stateOf(r, now),
    active: r.active,
    version: r.version,
    history: [
      { at: r.createdAt.toISOString(), kind: "issued", amountMinor: r.initialMinor, orderId: null },
      ...transactions.map((x) => ({
        at: x.createdAt.toISOString(),
        kind: x.amountMinor < 0 ? "used" : "refund",
        amountMinor: x.amountMinor,
        orderId: x.orderId,
      })),
    ],
  };
}

export type AdminGiftCardDetail = NonNullable<Awaited<ReturnType<typeof adminGiftCard>>>;

export type IssueResult =
  | (VersionedResult & { ok: false })
  | { ok: true; id: number; version: number; code: string };

/** Issues a card: a fresh random code under the market's prefix, its amount as balance. */
export async function issueGiftCard(
  db: Database,
  who: AdminPrincipal,
  input: GiftCardInput,
  now = new Date(),
): Promise<IssueResult> {
  let code = "";
  const result = await refusable<VersionedResult>(db, async (t) => {
    const { markets } = await catalogChoices(t, "nb-NO");
    const checked = checkGiftCard(input, markets, now);
    if (!checked.ok) throw new Refused({ ok: false, refusal: "invalid", problems: checked.problems });
    const card = checked.value;
    code = giftCardCode(giftCardPrefix(card.marketAlias), randomBytes(GIFT_CARD_RANDOM_BYTES));
    const [row] = await t
      .insert(giftCards)
      .values({
        code,
        currencyCode: card.currencyCode,
        initialMinor: card.amountMinor,
        balanceMinor: card.amountMinor,
        expiresAt: card.expiresAt,
      })
      .returning({ id: giftCards.id });
    if (!row) throw new Error("gift card not inserted");
    await writeAudit(t, who, {
      action: "giftCard.issue",
      entity: "giftCard",
      entityId: row.id,
      after: {
        code: maskGiftCardCode(code),
        currency: card.currencyCode,
        amountMinor: card.amountMinor,
        expiresAt: iso(card.expiresAt),
        active: true,
        version: 1,
      },
    });
    return { ok: true, id: row.id, version: 1 };
  });
  return result.ok ? { ...result, code } : result;
}

export async function deactivateGiftCard(db: Database, who: AdminPrincipal, id: number, version: number) {
  return refusable<VersionedResult>(db, async (t) => {
    const [card] = await t.select().from(giftCards).where(eq(giftCards.id, id)).for("update");
    if (!card) throw new Refused({ ok: false, refusal: "notFound" });
    await refuseStale(t, "giftCard", id, card.version, version);
    const next = version + 1;
    await t.update(giftCards).set({ active: false, version: next }).where(eq(giftCards.id, id));
    await writeAudit(t, who, {
      action: "giftCard.deactivate",
      entity: "giftCard",
      entityId: id,
      before: { code: maskGiftCardCode(card.code), active: card.active, version },
      after: { code: maskGiftCardCode(card.code), active: false, version: next },
    });
    return { ok: true, id, version: next };
  });
}
