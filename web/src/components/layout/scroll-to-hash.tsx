import { useEffect } from "react";
import { useLocation, useNavigationType } from "react-router";

/**
 * After a link to `/page#section`, shows the section. React Router's <ScrollRestoration> looks
 * for the element as soon as the location changes; under Preact (decision 0017) the new page is
 * committed just after that, so the look-up is repeated once the frame's rendering is done.
 * Back and forward keep the position the router restores.
 */
export function ScrollToHash() {
  const location = useLocation();
  const navigationType = useNavigationType();
  useEffect(() => {
    if (!location.hash || navigationType === "POP") return;
    const id = decodeURIComponent(location.hash.slice(1));
    const frame = requestAnimationFrame(() => document.getElementById(id)?.scrollIntoView());
    return () => cancelAnimationFrame(frame);
  }, [location, navigationType]);
  return null;
}
