import type { BackupList } from "@lagon/contracts/backups-schemas";
import { apiPaths, withToken } from "../../../api/paths";
import { fetchJson } from "../../../lib/fetch-json";

/** `GET /api/order/{id}/backups`: the site's backups, newest first. */
export const getBackups = (orderId: string, token: string) =>
  fetchJson<BackupList>(withToken(apiPaths.backups(orderId), token));
