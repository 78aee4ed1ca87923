import type { PlanId } from "@lagon/contracts/plans";
import { useSyncExternalStore } from "react";

/** The plan the visitor chose on the home page, shared by the plan cards and the order form. */
let selected: PlanId | null = null;
const listeners = new Set<() => void>();

export function selectPlan(plan: PlanId): void {
  selected = plan;
  for (const listener of listeners) listener();
}

export function useSelectedPlan(): PlanId | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => selected,
    () => null,
  );
}
