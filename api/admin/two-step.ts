import QRCode from "qrcode";
import { confirmTotp, disableTotp, pendingTotp, startTotp, totpState } from "#services/admin/totp.ts";
import { adminBuilder as b } from "./builder.ts";
import type { AdminContext } from "./context.ts";
import { adminError } from "./errors.ts";

/**
 * Two-step sign-in for one's own account (issue 15, decision 0049): every admin may turn it on for themselves
 * (start → scan the QR code → confirm with a code) and off (with a current code). While it is on, a new secret
 * cannot be started (TWO_STEP_ON): a stolen session alone cannot take the second factor over. Turning it on or off
 * ends the admin's other sessions. Each change is in the audit log.
 */
function signedIn(ctx: AdminContext) {
  if (!ctx.admin) throw adminError("UNAUTHENTICATED", "Sign in to the back office first");
  if (!ctx.totpKey)
    throw adminError("TWO_STEP_UNAVAILABLE", "Two-step sign-in is not configured on this server");
  return { admin: ctx.admin, key: ctx.totpKey };
}

const State = b.objectRef<{ enabled: boolean; pending: boolean }>("AdminTwoStep").implement({
  fields: (t) => ({
    enabled: t.exposeBoolean("enabled", { description: "Sign-in asks for the authenticator's code" }),
    pending: t.exposeBoolean("pending", { description: "A new secret waits for its first code" }),
  }),
});
const Enrolment = b
  .objectRef<{ secret: string; uri: string; qrSvg: string }>("AdminTwoStepEnrolment")
  .implement({
    fields: (t) => ({
      secret: t.exposeString("secret", { description: "Base32, to type into an authenticator app" }),
      uri: t.exposeString("uri", { description: "The otpauth:// URI the QR code holds" }),
      qrSvg: t.exposeString("qrSvg", { description: "The QR code as an SVG document" }),
    }),
  });

const withQr = async (e: { secret: string; uri: string }) => ({
  ...e,
  qrSvg: await QRCode.toString(e.uri, { type: "svg", margin: 1, errorCorrectionLevel: "M" }),
});

b.queryFields((t) => ({
  twoStepEnrolment: t.field({
    type: Enrolment,
    nullable: true,
    description:
      "The signed-in admin's pending secret (to scan), while it waits for confirmTwoStep; else null",
    resolve: async (_r, _a, ctx) => {
      const { admin, key } = signedIn(ctx);
      const pending = await pendingTotp(ctx.db, key, admin);
      return pending ? withQr(pending) : null;
    },
  }),
  twoStep: t.field({
    type: State,
    description: "Whether the signed-in admin's sign-in asks for a code",
    resolve: (_r, _a, ctx) => {
      if (!ctx.admin) throw adminError("UNAUTHENTICATED", "Sign in to the back office first");
      return totpState(ctx.db, ctx.admin.id);
    },
  }),
}));

b.mutationFields((t) => ({
  startTwoStep: t.field({
    type: Enrolment,
    description: "A new secret for the signed-in admin, pending until confirmTwoStep; replaces a pending one",
    resolve: async (_r, _a, ctx) => {
      const { admin, key } = signedIn(ctx);
      const started = await startTotp(ctx.db, key, admin);
      if (!started) throw adminError("TWO_STEP_ON", "Two-step sign-in is on: turn it off with a code first");
      return withQr(started);
    },
  }),
  confirmTwoStep: t.boolean({
    description: "Turns two-step sign-in on with a code of the pending secret; WRONG_CODE otherwise",
    args: { code: t.arg.string({ required: true }) },
    resolve: async (_r, args, ctx) => {
      const { admin, key } = signedIn(ctx);
      const confirmed = await confirmTotp(ctx.db, key, admin, args.code.slice(0, 20), {
        keepToken: ctx.sessionToken,
      });
      if (confirmed === "alreadyOn")
        throw adminError("TWO_STEP_ON", "Two-step sign-in is on: turn it off with a code first");
      if (confirmed === "wrong")
        throw adminError("WRONG_CODE", "Wrong code, or nothing to confirm", { field: "code" });
      return true;
    },
  }),
  disableTwoStep: t.boolean({
    description: "Turns two-step sign-in off with a current code; WRONG_CODE otherwise",
    args: { code: t.arg.string({ required: true }) },
    resolve: async (_r, args, ctx) => {
      const { admin, key } = signedIn(ctx);
      if (!(await disableTotp(ctx.db, key, admin, args.code.slice(0, 20), { keepToken: ctx.sessionToken })))
        throw adminError("WRONG_CODE", "Wrong or already used code", { field: "code" });
      return true;
    },
  }),
}));
