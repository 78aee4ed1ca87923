import type { TestClockView } from "@lagon/contracts/subscriptions-schemas";
import { apiPaths } from "../../../api/paths";
import { adminFetch } from "../../admin/admin-api";

/** `GET /api/admin/test-clock`: the local billing engine's clock (offline only). */
export const getTestClock = (token: string) => adminFetch<TestClockView>(apiPaths.adminTestClock(), token);
