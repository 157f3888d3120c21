/** An address as lines of text (for the delivery address choice and the review). */
export function addressLines(a: {
  first_name: string | null;
  last_name?: string | null;
  phone?: string | null;
  address_line1?: string | null;
  address_line2?: string | null;
  landmark?: string | null;
  city?: string | null;
  state?: string | null;
  pincode?: string | null;
  country?: string | null;
}): string[] {
  const present = (parts: (string | null | undefined)[]) =>
    parts.filter((p): p is string => !!p && p.trim() !== '');
  const join = (...parts: (string | null | undefined)[]) => present(parts).join(', ');
  return [
    present([a.first_name, a.last_name]).join(' '),
    join(a.address_line1, a.address_line2),
    join(a.landmark),
    join(a.city, a.state, a.pincode),
    join(a.country),
    a.phone ? `Phone ${a.phone}` : '',
  ].filter((l) => l !== '');
}

export function AddressText({ address }: { address: Parameters<typeof addressLines>[0] }) {
  return (
    // a customer's line can be one long word (a pasted link, a name run together): it wraps
    // rather than widening the page. Lines can repeat (a landmark named as the city): keyed by place
    <span className="flex flex-col wrap-anywhere">
      {addressLines(address).map((line, i) => (
        <span key={i}>{line}</span>
      ))}
    </span>
  );
}
