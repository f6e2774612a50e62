import { Form } from "react-router";
import { THEME_VARIABLES } from "#domain/settings.ts";
import type { Route } from "./+types/settings-theme";
import { Field } from "./product-form.tsx";
import { loadSettings, type SettingsAnswer, saveSettings, versionOf } from "./settings.server.ts";
import { box, SettingsFrame, SettingsOutcome, useFormAnswer } from "./settings-ui.tsx";
import { primary, useAdminT } from "./ui.tsx";

/**
 * /admin/settings/theme (issue 15, decision 0059): per channel the storefront's colours (--mili-brand, -brand-ink,
 * -ink, -paper), each typed as #rrggbb next to a swatch; text colours are refused below WCAG AA contrast.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  return loadSettings(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return saveSettings(request, context, (v) => ({
    query: `mutation($c: String!, $v: Int!, $theme: [AdminThemeVariableInput!]!) { updateTheme(channelId: $c, version: $v, theme: $theme) }`,
    variables: {
      c: v.key ?? "",
      v: versionOf(v),
      theme: THEME_VARIABLES.map((key) => ({ key, value: v[key] ?? "" })),
    },
  }));
}

export function meta() {
  return [{ title: "Mili · Settings · Theme" }];
}

function ThemeForm({
  channel,
  answer,
}: {
  channel: Route.ComponentProps["loaderData"]["channels"][number];
  answer: SettingsAnswer | null;
}) {
  const { t, may } = useAdminT();
  const { mine, problem, typed } = useFormAnswer(answer, channel.id);
  const id = (f: string) => `theme-${channel.id.replace(/\W/g, "-")}-${f}`;
  const stored = Object.fromEntries(channel.theme.map((v) => [v.key, v.value]));
  return (
    <Form method="post" className={box} aria-labelledby={id("title")}>
      <h3 id={id("title")} className="mb-2 font-semibold">
        {t("settings.themeOf", { name: channel.name })}
      </h3>
      <SettingsOutcome answer={mine} t={t} />
      <input type="hidden" name="key" value={channel.id} />
      <input type="hidden" name="version" value={channel.version} />
      <fieldset disabled={!may("settings.edit")}>
        {THEME_VARIABLES.map((key) => (
          <div key={key} className="flex items-end gap-2">
            <span
              aria-hidden="true"
              className="mb-4 inline-block size-8 shrink-0 rounded border border-stone-500"
              style={{ background: stored[key] ?? "transparent" }}
            />
            <div className="flex-1">
              <Field id={id(key)} label={t(`settings.var.${key}` as const)} problem={problem(key)}>
                {(props) => (
                  <input
                    {...props}
                    name={key}
                    spellCheck={false}
                    autoCapitalize="none"
                    defaultValue={typed(key, stored[key] ?? "")}
                  />
                )}
              </Field>
            </div>
          </div>
        ))}
        <button type="submit" className={primary}>
          {t("settings.saveTheme", { name: channel.name })}
        </button>
      </fieldset>
    </Form>
  );
}

export default function SettingsTheme({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useAdminT();
  const answer = (actionData ?? null) as SettingsAnswer | null;
  return (
    <SettingsFrame title={t("settings.theme")} intro={t("settings.themeIntro")}>
      <div className="grid gap-4 md:grid-cols-2">
        {loaderData.channels.map((c) => (
          <ThemeForm key={`${c.id}-${c.version}`} channel={c} answer={answer} />
        ))}
      </div>
    </SettingsFrame>
  );
}
