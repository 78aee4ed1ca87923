import type { BackupList } from "@lagon/contracts/backups-schemas";
import { apiPaths } from "../../../api/paths";
import { adminFetch } from "../../admin/admin-api";

/** `GET /api/admin/orders/{id}/backups`: the site's backups, for the admin. */
export const getAdminBackups = (orderId: string, token: string) =>
  adminFetch<BackupList>(apiPaths.adminOrderBackups(orderId), token);
