import { useEffect, useState } from "react";
import { useMatches } from "react-router";

type Manifest = { routes: Record<string, { css?: string[] } | undefined> };

/**
 * The stylesheets that the prerender inlined into the page (web/finish-build.mjs), by their
 * asset URL, read once when the browser starts the app.
 */
const inlined = new Map<string, string>(
  typeof document === "undefined"
    ? []
    : [...document.querySelectorAll<HTMLStyleElement>("style[data-href]")].map((style) => [
        style.dataset.href ?? "",
        style.textContent ?? "",
      ]),
);

/** Every stylesheet the page came with, inlined or linked. */
const inPage = new Set<string>(
  typeof document === "undefined"
    ? []
    : [
        ...inlined.keys(),
        ...[...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map(
          (link) => link.getAttribute("href") ?? "",
        ),
      ],
);

/**
 * In the browser, stands for React Router's <Links /> (the prerender uses <Links /> itself): the
 * stylesheets of the matched routes, in the same order. A stylesheet the prerender inlined stays
 * an inline <style> with the same text, which hydration keeps as it is; a stylesheet that a later
 * navigation needs is linked. Inlining spares the first paint a round trip per stylesheet.
 */
export function RouteStyles() {
  const manifest = (window as unknown as { __reactRouterManifest: Manifest }).__reactRouterManifest;
  const hrefs = new Set(useMatches().flatMap((match) => manifest.routes[match.id]?.css ?? []));
  // Hydration adopts the page's nodes as they are, attributes untouched: a stylesheet the page
  // does not hold yet (a page served from the SPA fallback, such as an article) would take over
  // another <link> of the head and never load. Those are added once the app has mounted.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return [...hrefs]
    .filter((href) => mounted || inPage.has(href))
    .map((href) => {
      const css = inlined.get(href);
      return css === undefined ? (
        <link key={href} rel="stylesheet" href={href} />
      ) : (
        // biome-ignore lint/security/noDangerouslySetInnerHtml: our own built stylesheet, read back from the page
        <style key={href} data-href={href} dangerouslySetInnerHTML={{ __html: css }} />
      );
    });
}
