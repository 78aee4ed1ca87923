/** Scrolls smoothly to the element with this id, or jumps there when the visitor prefers reduced motion. */
export function scrollToSection(id: string): void {
  const reduceMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  document.getElementById(id)?.scrollIntoView({ behavior: reduceMotion ? "auto" : "smooth", block: "start" });
}
