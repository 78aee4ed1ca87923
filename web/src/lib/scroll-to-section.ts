/**
 * Scrolls smoothly to the element with this id (its top, or its middle with `block: "center"`),
 * or jumps there when the visitor prefers reduced motion.
 */
export function scrollToSection(id: string, block: ScrollLogicalPosition = "start"): void {
  const reduceMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  document.getElementById(id)?.scrollIntoView({ behavior: reduceMotion ? "auto" : "smooth", block });
}
