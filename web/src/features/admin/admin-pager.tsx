import "./admin-pager.css";

/** First, previous, next and last page of a long list, with where we are. */
export function AdminPager({
  page,
  pageCount,
  onPage,
}: {
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
}) {
  if (pageCount <= 1) return null;
  const links = [
    { label: "« Première", to: 1, disabled: page <= 1 },
    { label: "‹ Précédente", to: page - 1, disabled: page <= 1 },
    { label: "Suivante ›", to: page + 1, disabled: page >= pageCount },
    { label: "Dernière »", to: pageCount, disabled: page >= pageCount },
  ];
  const button = (l: (typeof links)[number]) => (
    <button
      key={l.label}
      type="button"
      className="admin-tool-button"
      disabled={l.disabled}
      onClick={() => onPage(l.to)}
    >
      {l.label}
    </button>
  );
  return (
    <nav className="admin-pager" aria-label="Pages de la liste">
      {links.slice(0, 2).map(button)}
      <span className="admin-pager-where">
        Page {page} sur {pageCount}
      </span>
      {links.slice(2).map(button)}
    </nav>
  );
}
