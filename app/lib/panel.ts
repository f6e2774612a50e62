/**
 * The sign-in panel's query (spec: opened by `?action=login`): which form it shows, where the shopper goes
 * afterwards (`returnTo`, same site only), and what a form sent without JavaScript came back with (`p_{field}`:
 * a field's problem, `error`: the form's, `sent`: a reset link was asked for).
 */
export type PanelMode = "login" | "register" | "forgot";
export const PANEL_MODES: readonly PanelMode[] = ["login", "register", "forgot"];

export function panelMode(search: URLSearchParams): PanelMode | null {
  const action = search.get("action");
  return PANEL_MODES.includes(action as PanelMode) ? (action as PanelMode) : null;
}
