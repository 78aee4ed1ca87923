import type { PlanId } from "@lagon/contracts/plans";
import { useSyncExternalStore } from "react";

/**
 * What the visitor chose on the home page, shared by the plan cards, the Koza promo and the
 * order form: the plan, and how many times they asked for Koza (each ask ticks the option).
 */
let selected: PlanId | null = null;
let kozaRequests = 0;
const listeners = new Set<() => void>();

function changed(): void {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function selectPlan(plan: PlanId): void {
  selected = plan;
  changed();
}

export const selectedPlan = (): PlanId | null => selected;

/** The visitor wants Koza: the order form ticks it, now or once a plan is chosen. */
export function requestKoza(): void {
  kozaRequests += 1;
  changed();
}

export function useSelectedPlan(): PlanId | null {
  return useSyncExternalStore(
    subscribe,
    () => selected,
    () => null,
  );
}

/** Grows by one at each request for Koza (0: none yet). */
export function useKozaRequests(): number {
  return useSyncExternalStore(
    subscribe,
    () => kozaRequests,
    () => 0,
  );
}
