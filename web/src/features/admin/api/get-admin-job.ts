import type { AdminJobStatus } from "@lagon/contracts/admin-schemas";
import { adminFetch } from "../admin-api";

/** `GET` of a slow admin action's job (its status address): where it stands. */
export const getAdminJob = (path: string, token: string) => adminFetch<AdminJobStatus>(path, token);
