/** An address as lines (the fields that are set), for orders and the account. */
export interface AddressLike {
  firstName?: string | null;
  lastName?: string | null;
  company?: string | null;
  careOf?: string | null;
  addressLine1?: string | null;
  addressLine2?: string | null;
  addressLine3?: string | null;
  zip?: string | null;
  city?: string | null;
  country?: string | null;
}

export function addressLines(a: AddressLike | null | undefined): string[] {
  if (!a) return [];
  const name = [a.firstName, a.lastName].filter(Boolean).join(" ");
  return [
    name,
    a.company ?? "",
    a.careOf ? `c/o ${a.careOf}` : "",
    a.addressLine1 ?? "",
    a.addressLine2 ?? "",
    a.addressLine3 ?? "",
    [a.zip, a.city].filter(Boolean).join(" "),
    a.country ?? "",
  ].filter((line) => line.trim() !== "");
}

export function Address({ address }: { address: AddressLike | null | undefined }) {
  const lines = addressLines(address);
  if (lines.length === 0) return null;
  return (
    <address className="not-italic">
      {lines.map((line) => (
        <span key={line} className="block">
          {line}
        </span>
      ))}
    </address>
  );
}
