import type { ReactNode } from "react";
import { Footer } from "./footer";
import { HydrateLater } from "./hydrate-later";
import { Navbar } from "./navbar";

const MAIN_CONTENT_ID = "contenu";

/** The frame of every page: skip link, fixed navbar, main content, footer. */
export function SiteLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <a className="skip-link" href={`#${MAIN_CONTENT_ID}`}>
        Aller au contenu
      </a>
      <HydrateLater>
        <Navbar />
      </HydrateLater>
      <main id={MAIN_CONTENT_ID} tabIndex={-1}>
        {children}
      </main>
      <HydrateLater>
        <Footer />
      </HydrateLater>
    </>
  );
}
