import { ADMIN_ACTIONS, adminMay } from "#domain/admin-permissions.ts";
import { cleanAnswer } from "#domain/question.ts";
import { adminCustomer, adminCustomers } from "#services/admin/customers.ts";
import {
  answerQuestionAudited,
  moderateReview,
  productNames,
  rejectQuestionAudited,
} from "#services/admin/moderation.ts";
import { shopAsCustomer } from "#services/admin/order-actions.ts";
import { chooseAdminLanguage, signInAdmin, signOutAdmin } from "#services/admin/sign-in.ts";
import type { AdminLanguage, AdminPrincipal } from "#services/admin/users.ts";
import { pendingQuestions } from "#services/questions.ts";
import { pendingReviews } from "#services/reviews.ts";
import { adminBuilder as b } from "./builder.ts";
import "./campaigns.ts";
import "./gift-cards.ts";
import "./promo-codes.ts";
import "./catalog.ts";
import "./catalog-csv.ts";
import "./product-extras.ts";
import "./parameter-groups.ts";
import "./catalog-structure.ts";
import "./dashboard.ts";
import "./orders.ts";
import "./two-step.ts";
import "./audit.ts";
import "./privacy.ts";
import "./team.ts";
import "./content.ts";
import "./settings.ts";
import { type AdminContext, allow } from "./context.ts";
import { adminError, intIn } from "./errors.ts";

export const ADMIN_COOKIE = "mili-admin";
const MAX_TAKE = 100;

function sessionCookie(ctx: AdminContext, token: string, maxAge: number) {
  const secure = ctx.secureCookies ? "; Secure" : "";
  return `${ADMIN_COOKIE}=${token}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${maxAge}${secure}`;
}

const Language = b.enumType("AdminLanguage", { values: ["sv", "nb", "en"] as const });

const AdminUser = b.objectRef<AdminPrincipal>("AdminUser").implement({
  fields: (t) => ({
    id: t.exposeInt("id"),
    email: t.exposeString("email"),
    role: t.exposeString("role", { description: "owner, staff or support" }),
    language: t.field({ type: Language, resolve: (a) => a.language }),
    mustSetUpTwoStep: t.boolean({
      description:
        "The owner requires two-step sign-in and this admin has not set it up: only /admin/security opens",
      resolve: (a) => a.mustSetUpTwoStep === true,
    }),
    may: t.stringList({
      description: "The actions this admin's role may do (domain/admin-permissions.ts)",
      resolve: (a) => ADMIN_ACTIONS.filter((action) => adminMay(a.role, action)),
    }),
  }),
});

type PendingReview = Awaited<ReturnType<typeof pendingReviews>>[number] & { productName: string };
const PendingReviewRef = b.objectRef<PendingReview>("PendingReview").implement({
  fields: (t) => ({
    reviewId: t.exposeInt("reviewId"),
    productId: t.exposeInt("productId"),
    productName: t.exposeString("productName"),
    author: t.exposeString("author"),
    comment: t.exposeString("comment"),
    rating: t.exposeInt("rating"),
    languageId: t.exposeString("languageId"),
    reviewDate: t.string({ resolve: (r) => r.reviewDate.toISOString() }),
  }),
});

type PendingQuestion = Awaited<ReturnType<typeof pendingQuestions>>[number] & { productName: string };
const PendingQuestionRef = b.objectRef<PendingQuestion>("PendingQuestion").implement({
  fields: (t) => ({
    questionId: t.exposeInt("questionId"),
    productId: t.exposeInt("productId"),
    productName: t.exposeString("productName"),
    author: t.exposeString("author"),
    question: t.exposeString("question"),
    languageId: t.exposeString("languageId"),
    askedAt: t.string({ resolve: (q) => q.askedAt.toISOString() }),
  }),
});

type CustomerRow = Awaited<ReturnType<typeof adminCustomers>>["customers"][number];
const AdminCustomer = b.objectRef<CustomerRow>("AdminCustomer").implement({
  fields: (t) => ({
    customerId: t.exposeInt("customerId"),
    email: t.exposeString("email"),
    name: t.string({ resolve: (c) => [c.firstName, c.lastName].filter(Boolean).join(" ") }),
    phone: t.exposeString("phone", { nullable: true }),
    customerType: t.exposeString("customerType"),
    blocked: t.exposeBoolean("blocked"),
    createdAt: t.string({ resolve: (c) => c.createdAt.toISOString() }),
  }),
});
const CustomerPage = b.objectRef<{ total: number; customers: CustomerRow[] }>("AdminCustomerPage").implement({
  fields: (t) => ({
    total: t.exposeInt("total"),
    customers: t.field({ type: [AdminCustomer], resolve: (p) => p.customers }),
  }),
});
type CustomerDetailData = NonNullable<Awaited<ReturnType<typeof adminCustomer>>>;
const Balance = b.objectRef<CustomerDetailData["balances"][number]>("AdminBalance").implement({
  fields: (t) => ({ currencyCode: t.exposeString("currencyCode"), amountMinor: t.exposeInt("amountMinor") }),
});
const CustomerOrder = b.objectRef<CustomerDetailData["orders"][number]>("AdminCustomerOrder").implement({
  fields: (t) => ({
    orderId: t.exposeInt("orderId"),
    orderNumber: t.exposeString("orderNumber", { nullable: true }),
    status: t.exposeString("status"),
    currencyCode: t.exposeString("currencyCode"),
    totalMinor: t.exposeInt("totalIncVatMinor"),
    createdAt: t.string({ resolve: (o) => o.createdAt.toISOString() }),
  }),
});
const CustomerDetail = b.objectRef<CustomerDetailData>("AdminCustomerDetail").implement({
  fields: (t) => ({
    customer: t.field({ type: AdminCustomer, resolve: (d) => d.customer }),
    orders: t.field({ type: [CustomerOrder], resolve: (d) => d.orders }),
    balances: t.field({ type: [Balance], resolve: (d) => d.balances }),
  }),
});

const LoginToken = b
  .objectRef<{ loginToken: string; url: string; expiresAt: Date; customerId: number }>("AdminLoginToken")
  .implement({
    fields: (t) => ({
      loginToken: t.exposeString("loginToken"),
      url: t.exposeString("url", { description: "The storefront URL that signs in as the customer, once" }),
      expiresAt: t.string({ resolve: (v) => v.expiresAt.toISOString() }),
      customerId: t.exposeInt("customerId"),
    }),
  });

async function withProductNames<T extends { productId: number; languageId: string }>(
  ctx: AdminContext,
  items: T[],
) {
  const names = await productNames(ctx.db, items);
  return items.map((item, i) => ({ ...item, productName: names[i] ?? `#${item.productId}` }));
}

b.queryFields((t) => ({
  me: t.field({
    type: AdminUser,
    nullable: true,
    description: "The signed-in admin; null without a session",
    resolve: (_r, _a, ctx) => ctx.admin,
  }),
  pendingReviews: t.field({
    type: [PendingReviewRef],
    args: { skip: t.arg.int(), take: t.arg.int() },
    resolve: async (_r, args, ctx) => {
      allow(ctx, "moderation.read");
      const items = await pendingReviews(ctx.db, {
        skip: intIn("skip", args.skip, 0, 100_000, 0),
        take: intIn("take", args.take, 0, MAX_TAKE, 50),
      });
      return withProductNames(ctx, items);
    },
  }),
  pendingQuestions: t.field({
    type: [PendingQuestionRef],
    args: { skip: t.arg.int(), take: t.arg.int() },
    resolve: async (_r, args, ctx) => {
      allow(ctx, "moderation.read");
      const items = await pendingQuestions(ctx.db, {
        skip: intIn("skip", args.skip, 0, 100_000, 0),
        take: intIn("take", args.take, 0, MAX_TAKE, 50),
      });
      return withProductNames(ctx, items);
    },
  }),

  customers: t.field({
    type: CustomerPage,
    args: { search: t.arg.string(), skip: t.arg.int(), take: t.arg.int() },
    resolve: (_r, args, ctx) => {
      allow(ctx, "customer.read");
      return adminCustomers(ctx.db, {
        search: args.search?.slice(0, 200) ?? null,
        skip: intIn("skip", args.skip, 0, 1_000_000, 0),
        take: intIn("take", args.take, 1, MAX_TAKE, 25),
      });
    },
  }),
  customer: t.field({
    type: CustomerDetail,
    nullable: true,
    args: { customerId: t.arg.int({ required: true }) },
    resolve: (_r, args, ctx) => {
      allow(ctx, "customer.read");
      return adminCustomer(ctx.db, args.customerId);
    },
  }),
}));

b.mutationFields((t) => ({
  signIn: t.field({
    type: AdminUser,
    description:
      "Signs in: sets the `mili-admin` cookie (HttpOnly, SameSite=Strict, Secure in production). WRONG_CREDENTIALS for a wrong e-mail or password; with two-step sign-in on, CODE_REQUIRED without `code` and WRONG_CODE for a wrong or used one; RATE_LIMITED (HTTP 429) after too many tries.",
    args: {
      email: t.arg.string({ required: true }),
      password: t.arg.string({ required: true }),
      code: t.arg.string({
        description: "The authenticator app's 6-digit code, when two-step sign-in is on",
      }),
    },
    resolve: async (_r, args, ctx) => {
      const signedIn = await signInAdmin(ctx.db, ctx.limiter, {
        email: args.email.slice(0, 254),
        password: args.password.slice(0, 1000),
        code: args.code?.slice(0, 20) ?? null,
        clientSubject: ctx.clientSubject,
        ...(ctx.totpKey ? { totpKey: ctx.totpKey } : {}),
      });
      if (signedIn.kind === "wrongCredentials")
        throw adminError("WRONG_CREDENTIALS", "Wrong e-mail or password");
      if (signedIn.kind === "codeRequired")
        throw adminError("CODE_REQUIRED", "Two-step sign-in is on: send the authenticator's code", {
          field: "code",
        });
      if (signedIn.kind === "wrongCode")
        throw adminError("WRONG_CODE", "Wrong or already used code", { field: "code" });
      const maxAge = Math.floor((signedIn.expiresAt.getTime() - Date.now()) / 1000);
      ctx.setCookie(sessionCookie(ctx, signedIn.token, maxAge));
      return signedIn.admin;
    },
  }),
  signOut: t.boolean({
    resolve: async (_r, _a, ctx) => {
      if (ctx.admin && ctx.sessionToken) await signOutAdmin(ctx.db, ctx.admin, ctx.sessionToken);
      ctx.setCookie(sessionCookie(ctx, "", 0));
      return true;
    },
  }),
  setLanguage: t.field({
    type: AdminUser,
    description: "The back office's language for this admin",
    args: { language: t.arg({ type: Language, required: true }) },
    resolve: async (_r, args, ctx) => {
      const admin = ctx.admin;
      if (!admin) throw adminError("UNAUTHENTICATED", "Sign in to the back office first");
      await chooseAdminLanguage(ctx.db, admin, args.language as AdminLanguage);
      return { ...admin, language: args.language as AdminLanguage };
    },
  }),
  moderateReview: t.boolean({
    description: "Accepts a review (it shows on the product page and counts in its rating) or rejects it",
    args: { reviewId: t.arg.int({ required: true }), accept: t.arg.boolean({ required: true }) },
    resolve: async (_r, args, ctx) => {
      const admin = allow(ctx, "review.moderate");
      if (!(await moderateReview(ctx.db, admin, args.reviewId, args.accept)))
        throw adminError("NOT_FOUND", "No such review", { reviewId: args.reviewId });
      return true;
    },
  }),
  answerQuestion: t.boolean({
    args: { questionId: t.arg.int({ required: true }), answer: t.arg.string({ required: true }) },
    resolve: async (_r, args, ctx) => {
      const admin = allow(ctx, "question.answer");
      const answer = cleanAnswer(args.answer.slice(0, 10_000));
      if (answer === null)
        throw adminError("BAD_USER_INPUT", "The answer must be filled and at most 2000 characters", {
          field: "answer",
        });
      if (!(await answerQuestionAudited(ctx.db, admin, args.questionId, answer)))
        throw adminError("NOT_FOUND", "No such question", { questionId: args.questionId });
      return true;
    },
  }),
  rejectQuestion: t.boolean({
    args: { questionId: t.arg.int({ required: true }) },
    resolve: async (_r, args, ctx) => {
      const admin = allow(ctx, "question.reject");
      if (!(await rejectQuestionAudited(ctx.db, admin, args.questionId)))
        throw adminError("NOT_FOUND", "No such question", { questionId: args.questionId });
      return true;
    },
  }),
  shopAsCustomer: t.field({
    type: LoginToken,
    description:
      "A single-use, 15-minute login token to shop as the customer: the storefront shows the 'logged in as' notice, the token's `act` names this admin, and the audit log records it. NOT_FOUND without a live account.",
    args: { customerId: t.arg.int({ required: true }), path: t.arg.string() },
    resolve: async (_r, args, ctx) => {
      const admin = allow(ctx, "customer.shopAs");
      const path = args.path ?? "/";
      if (!path.startsWith("/") || path.startsWith("//") || path.length > 2000)
        throw adminError("BAD_USER_INPUT", "path must be a path on the shop, e.g. /min-konto", {
          field: "path",
        });
      const issued = ctx.auth ? await shopAsCustomer(ctx.auth, admin, args.customerId) : null;
      if (!issued) throw adminError("NOT_FOUND", "No live account", { customerId: args.customerId });
      const url = new URL(path, ctx.publicUrl ?? "http://localhost:3000");
      url.searchParams.set("loginToken", issued.loginToken);
      return { ...issued, url: url.href };
    },
  }),
}));

export const adminSchema = b.toSchema();
