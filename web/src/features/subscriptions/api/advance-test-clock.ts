import type { TestClockView } from "@lagon/contracts/subscriptions-schemas";
import { apiPaths } from "../../../api/paths";
import { adminPost } from "../../admin/admin-api";

/** `POST /api/admin/test-clock/advance`: moves the local billing clock forward by some days. */
export const advanceTestClock = (token: string, days: number) =>
  adminPost<TestClockView>(apiPaths.adminTestClockAdvance(), token, { days });
