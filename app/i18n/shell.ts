/**
 * The storefront shell (frame, error pages): texts added after nb.ts and sv.ts were settled. Both languages side
 * by side; index.ts merges them into the catalogs.
 */
export const shellMessages = {
  nb: {
    // Shown when the error page itself fails (spec §8): "An error occurred while showing the error page".
    "error.pageFailed": "Det oppstod en feil under visningen av feilsiden",
    "nav.signOut": "Logg ut",
  },
  sv: {
    "error.pageFailed": "Ett fel uppstod när felsidan skulle visas",
    "nav.signOut": "Logga ut",
  },
} as const satisfies Record<"nb" | "sv", Record<string, string>>;
