import type { ReactNode } from "react";
import { useGoToPlans } from "../../components/layout/use-go-to-plans";
import { PLANS_SECTION_ID, paths } from "../../config/paths";

/**
 * A call to action that shows the plans. It is a real link to /#plans, so it still works
 * before the page's JavaScript runs (or without it); once hydrated it scrolls smoothly.
 */
export function PlansLink({ className, children }: { className: string; children: ReactNode }) {
  const goToPlans = useGoToPlans();
  return (
    <a
      href={`${paths.home()}#${PLANS_SECTION_ID}`}
      className={className}
      onClick={(event) => {
        // A click that opens a new tab or window keeps the browser's own behaviour.
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        goToPlans();
      }}
    >
      {children}
    </a>
  );
}
