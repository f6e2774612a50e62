import { ADMIN_ROLES, type AdminRole } from "#domain/admin-permissions.ts";
import {
  type AdminUserRow,
  backOfficeSettings,
  changeAdminRole,
  createAdminUserAudited,
  deactivateAdmin,
  listAdminUsers,
  resetAdminTwoStep,
  setRequireTwoStep,
  type TeamRefusal,
} from "#services/admin/team/users.ts";
import { ADMIN_PASSWORD_MIN, type AdminLanguage } from "#services/admin/users.ts";
import { adminBuilder as b } from "./builder.ts";
import { allow } from "./context.ts";
import { adminError } from "./errors.ts";

/**
 * Admin users and the back office's settings (issue 15, decision 0053): the owner's (admin.manage). A change that
 * would leave no active owner: LAST_OWNER; an e-mail already used: EMAIL_TAKEN.
 */
const Role = b.enumType("AdminRole", { values: ADMIN_ROLES });

const AdminUserListRow = b.objectRef<AdminUserRow>("AdminUserRow").implement({
  fields: (t) => ({
    id: t.exposeInt("id"),
    email: t.exposeString("email"),
    role: t.field({ type: Role, resolve: (u) => u.role }),
    language: t.exposeString("language"),
    createdAt: t.string({ resolve: (u) => u.createdAt.toISOString() }),
    active: t.boolean({ resolve: (u) => u.disabledAt == null }),
    twoStep: t.exposeBoolean("twoStep", { description: "Two-step sign-in is on" }),
  }),
});

const Settings = b.objectRef<{ requireTwoStep: boolean }>("AdminSettings").implement({
  fields: (t) => ({
    requireTwoStep: t.exposeBoolean("requireTwoStep", {
      description: "Every admin must have two-step sign-in on",
    }),
  }),
});

function refused(r: TeamRefusal | { kind: "ownTwoStepOff" }): never {
  switch (r.kind) {
    case "notFound":
      throw adminError("NOT_FOUND", "No such admin user");
    case "forbidden":
      throw adminError("FORBIDDEN", "Only an active owner manages admin users");
    case "lastOwner":
      throw adminError("LAST_OWNER", "The back office needs an active owner: make another owner first");
    case "emailTaken":
      throw adminError("EMAIL_TAKEN", "An admin user with that e-mail exists", { field: "email" });
    case "ownTwoStepOff":
      throw adminError("TWO_STEP_OFF", "Turn on your own two-step sign-in first");
  }
}

const LANGUAGES: readonly AdminLanguage[] = ["sv", "nb", "en"];

b.queryFields((t) => ({
  adminUsers: t.field({
    type: [AdminUserListRow],
    description: "Every admin user, by e-mail (owner only)",
    resolve: (_r, _a, ctx) => {
      allow(ctx, "admin.manage");
      return listAdminUsers(ctx.db);
    },
  }),
  adminSettings: t.field({
    type: Settings,
    resolve: (_r, _a, ctx) => {
      allow(ctx, "admin.manage");
      return backOfficeSettings(ctx.db);
    },
  }),
}));

b.mutationFields((t) => ({
  createAdminUser: t.field({
    type: AdminUserListRow,
    description: `A new admin user with a first password (at least ${ADMIN_PASSWORD_MIN} characters) to hand over. EMAIL_TAKEN when the e-mail is used.`,
    args: {
      email: t.arg.string({ required: true }),
      role: t.arg({ type: Role, required: true }),
      password: t.arg.string({ required: true }),
      language: t.arg.string(),
    },
    resolve: async (_r, args, ctx) => {
      const admin = allow(ctx, "admin.manage");
      const email = args.email.trim().toLowerCase().slice(0, 254);
      if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email))
        throw adminError("BAD_USER_INPUT", "Not an e-mail address", { field: "email" });
      if (args.password.length < ADMIN_PASSWORD_MIN || args.password.length > 1000)
        throw adminError("BAD_USER_INPUT", `The password needs ${ADMIN_PASSWORD_MIN} to 1000 characters`, {
          field: "password",
        });
      const language = (args.language ?? admin.language) as AdminLanguage;
      if (!LANGUAGES.includes(language))
        throw adminError("BAD_USER_INPUT", "language is sv, nb or en", { field: "language" });
      const done = await createAdminUserAudited(ctx.db, admin, {
        email,
        role: args.role as AdminRole,
        password: args.password,
        language,
      });
      if (done.kind !== "done") refused(done);
      return { ...done.value, createdAt: new Date(), disabledAt: null, twoStep: false };
    },
  }),
  changeAdminRole: t.boolean({
    description:
      "Gives an admin user another role; false when it had it. LAST_OWNER for the last active owner.",
    args: { id: t.arg.int({ required: true }), role: t.arg({ type: Role, required: true }) },
    resolve: async (_r, args, ctx) => {
      const admin = allow(ctx, "admin.manage");
      const done = await changeAdminRole(ctx.db, admin, args.id, args.role as AdminRole);
      if (done.kind !== "done") refused(done);
      return done.value;
    },
  }),
  deactivateAdminUser: t.boolean({
    description:
      "Deactivates an admin user: they can no longer sign in and their sessions end; false when inactive already. LAST_OWNER for the last active owner.",
    args: { id: t.arg.int({ required: true }) },
    resolve: async (_r, args, ctx) => {
      const admin = allow(ctx, "admin.manage");
      const done = await deactivateAdmin(ctx.db, admin, args.id);
      if (done.kind !== "done") refused(done);
      return done.value;
    },
  }),
  resetAdminTwoStep: t.boolean({
    description:
      "Turns an admin user's two-step sign-in off (a lost authenticator) and ends their sessions; false when it was off",
    args: { id: t.arg.int({ required: true }) },
    resolve: async (_r, args, ctx) => {
      const admin = allow(ctx, "admin.manage");
      const done = await resetAdminTwoStep(ctx.db, admin, args.id);
      if (done.kind !== "done") refused(done);
      return done.value;
    },
  }),
  setRequireTwoStep: t.boolean({
    description:
      "Requires two-step sign-in of every admin (one without it may only set it up) or stops requiring it; false when unchanged. TWO_STEP_OFF while your own is off.",
    args: { requireTwoStep: t.arg.boolean({ required: true }) },
    resolve: async (_r, args, ctx) => {
      const admin = allow(ctx, "admin.manage");
      if (!ctx.totpKey)
        throw adminError("TWO_STEP_UNAVAILABLE", "Two-step sign-in is not configured on this server");
      const done = await setRequireTwoStep(ctx.db, admin, args.requireTwoStep);
      if (done.kind !== "done") refused(done);
      return done.value;
    },
  }),
}));
