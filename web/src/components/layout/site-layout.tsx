import type { ReactNode } from "react";
import { Footer } from "./footer";
import { Navbar } from "./navbar";

const MAIN_CONTENT_ID = "contenu";

/** The frame of every page: skip link, fixed navbar, main content, footer. */
export function SiteLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <a className="skip-link" href={`#${MAIN_CONTENT_ID}`}>
        Aller au contenu
      </a>
      <Navbar />
      <main id={MAIN_CONTENT_ID} tabIndex={-1}>
        {children}
      </main>
      <Footer />
    </>
  );
}
