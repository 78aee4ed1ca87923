import type { ReactNode } from "react";

/** One DNS record as the customer copies it to their registrar: its type, name and value. */
export function DnsRecordFields({ type, name, value }: { type: ReactNode; name: string; value: string }) {
  return (
    <dl>
      <div>
        <dt>Type</dt>
        <dd>{type}</dd>
      </div>
      <div>
        <dt>Nom</dt>
        <dd>
          <code>{name}</code>
        </dd>
      </div>
      <div>
        <dt>Valeur</dt>
        <dd>
          {/* A DKIM key is one long word: it wraps anywhere rather than widen the page. */}
          <code style={{ overflowWrap: "anywhere" }}>{value}</code>
        </dd>
      </div>
    </dl>
  );
}
