import { DIRECTORY_PER_PAGE } from "@lagon/contracts/directory";
import type { DirectoryPage, DirectorySite } from "@lagon/contracts/directory-schemas";
import { useEffect, useState } from "react";
import { getDirectory } from "./api/get-directory";

export type DirectoryFilters = { q: string; category: string; country: string };

type State = {
  sites: DirectorySite[];
  total: number;
  counts: DirectoryPage["counts"] | null;
  /** The last page loaded: "Voir plus" asks for the next one. */
  page: number;
  loading: boolean;
  failed: boolean;
};

const directoryQuery = (filters: DirectoryFilters, page: number) =>
  new URLSearchParams({
    page: String(page),
    per_page: String(DIRECTORY_PER_PAGE),
    q: filters.q.trim(),
    category: filters.category,
    country: filters.country,
  });

/**
 * The directory as the server pages it: the first page for the current filters (the search is
 * sent once typing pauses), then one more page each time `more` is called. An answer for filters
 * that have changed since is dropped.
 */
export function useDirectory(filters: DirectoryFilters) {
  const [state, setState] = useState<State>({
    sites: [],
    total: 0,
    counts: null,
    page: 0,
    loading: true,
    failed: false,
  });
  const key = `${filters.q.trim()}\u0000${filters.category}\u0000${filters.country}`;
  // The page asked for belongs to the filters it was asked with: new filters start at page 1.
  const [asked, setAsked] = useState({ key, page: 1 });
  const page = asked.key === key ? asked.page : 1;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the filters
  useEffect(() => {
    const aborter = new AbortController();
    setState((s) => ({ ...s, loading: true, failed: false }));
    const timer = setTimeout(
      () => {
        getDirectory(directoryQuery(filters, page), aborter.signal)
          .then((r) =>
            setState((s) => ({
              sites: page === 1 ? r.sites : [...s.sites, ...r.sites],
              total: r.total,
              counts: r.counts,
              page,
              loading: false,
              failed: false,
            })),
          )
          .catch((err) => {
            if (aborter.signal.aborted) return;
            console.error("Annuaire indisponible", err);
            setState((s) => ({ ...s, loading: false, failed: true }));
          });
      },
      // Typing waits for a pause; a filter chosen or "Voir plus" asks at once.
      page === 1 && filters.q ? 250 : 0,
    );
    return () => {
      clearTimeout(timer);
      aborter.abort();
    };
  }, [key, page]);

  return {
    ...state,
    hasMore: state.sites.length < state.total,
    more: () => setAsked({ key, page: state.page + 1 }),
  };
}
