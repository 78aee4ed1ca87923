import type { ReactNode } from "react";
import { useGoToPlans } from "../../components/layout/use-go-to-plans";
import { KOZA_OPTION_ID, PLANS_SECTION_ID, paths } from "../../config/paths";
import { scrollToSection } from "../../lib/scroll-to-section";
import { requestKoza, selectedPlan } from "../../lib/selected-plan-store";

/**
 * A call to action that shows the plans. It is a real link to /#plans, so it still works
 * before the page's JavaScript runs (or without it); once hydrated it scrolls smoothly.
 * `addKoza` also asks for Koza: the order form ticks it, and shows at once if a plan is chosen.
 */
export function PlansLink({
  className,
  children,
  addKoza = false,
}: {
  className: string;
  children: ReactNode;
  addKoza?: boolean;
}) {
  const goToPlans = useGoToPlans();
  return (
    <a
      href={`${paths.home()}#${PLANS_SECTION_ID}`}
      className={className}
      onClick={(event) => {
        // A click that opens a new tab or window keeps the browser's own behaviour.
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        if (addKoza) requestKoza();
        // The form re-renders with Koza ticked first: scroll once it has.
        if (addKoza && selectedPlan()) window.setTimeout(() => scrollToSection(KOZA_OPTION_ID, "center"), 0);
        else goToPlans();
      }}
    >
      {children}
    </a>
  );
}
