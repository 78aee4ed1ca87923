import type { DirectoryPage } from "@lagon/contracts/directory-schemas";
import { apiPaths } from "../../../api/paths";
import { fetchJson } from "../../../lib/fetch-json";

/** `GET /api/directory`: one page of the live sites, filtered; all of them when no query is given. */
export const getDirectory = (query?: URLSearchParams, signal?: AbortSignal) =>
  fetchJson<DirectoryPage>(apiPaths.directory(query), { signal });
