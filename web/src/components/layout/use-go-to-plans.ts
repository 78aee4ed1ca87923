import { useLocation, useNavigate } from "react-router";
import { PLANS_SECTION_ID, paths } from "../../config/paths";
import { scrollToSection } from "../../lib/scroll-to-section";

/** Leaves the new page time to render before scrolling to its plans section. */
const SCROLL_DELAY_AFTER_NAVIGATION_MS = 100;

/** Returns a handler that shows the plans: scrolls on the home page, otherwise goes home first. */
export function useGoToPlans(): () => void {
  const navigate = useNavigate();
  const { pathname } = useLocation();

  return () => {
    if (pathname === paths.home()) {
      scrollToSection(PLANS_SECTION_ID);
      return;
    }
    // A data router resolves once the home route is loaded; a plain router returns nothing.
    void Promise.resolve(navigate(paths.home())).then(() => {
      window.setTimeout(() => scrollToSection(PLANS_SECTION_ID), SCROLL_DELAY_AFTER_NAVIGATION_MS);
    });
  };
}
