/**
 * The part after the @ of a new address: the site's one mail domain as text, or a choice once its
 * own domain is live too (the site's subdomain keeps working beside it).
 */
export function MailDomainChoice({
  id,
  domains,
  value,
  onChange,
}: {
  id: string;
  domains: string[];
  value: string;
  onChange: (domain: string) => void;
}) {
  if (domains.length < 2) return <span>@{domains[0]}</span>;
  return (
    <>
      <span aria-hidden="true">@</span>
      <select
        id={id}
        aria-label="Domaine de l'adresse"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      >
        {domains.map((domain) => (
          <option key={domain} value={domain}>
            {domain}
          </option>
        ))}
      </select>
    </>
  );
}
