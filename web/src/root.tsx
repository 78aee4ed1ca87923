import type { ReactNode } from "react";
import { isRouteErrorResponse, Link, Links, Meta, Outlet, Scripts, ScrollRestoration } from "react-router";
import type { Route } from "./+types/root";
import { RouteStyles } from "./components/layout/route-styles";
import { ScrollToHash } from "./components/layout/scroll-to-hash";
import { SiteLayout } from "./components/layout/site-layout";
import { PageHeader } from "./components/ui/page-header";
import { paths } from "./config/paths";
import { publicConfig } from "./config/public-config";
import { Chat } from "./features/chat/chat";
import "./styles/app.css";

/** Used only where no route gives its own, such as the SPA fallback page while it loads. */
export const meta: Route.MetaFunction = () => [{ title: publicConfig.COMPANY_NAME }];

/**
 * The document element. Preact, which runs the pages in the browser (decision 0017), hydrates
 * into <html> itself, so there the tree starts at <head> and <body>; the prerender writes <html>.
 */
function Html({ children }: { children: ReactNode }) {
  return import.meta.env.SSR ? <html lang="fr">{children}</html> : children;
}

export function Layout({ children }: { children: ReactNode }) {
  return (
    <Html>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#06324a" />
        <Meta />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {/* The prerender links the stylesheets and inlines them after the build; see RouteStyles. */}
        {import.meta.env.SSR ? <Links /> : <RouteStyles />}
        {publicConfig.STRIPE_PUBLISHABLE_KEY ? (
          // Stripe's browser script, as its docs ask, on every page (fraud signals); async, never blocking.
          <script async src="https://js.stripe.com/v3/" data-key={publicConfig.STRIPE_PUBLISHABLE_KEY} />
        ) : null}
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </Html>
  );
}

export default function App() {
  return (
    <>
      <SiteLayout>
        <Outlet />
        <ScrollToHash />
      </SiteLayout>
      <Chat />
    </>
  );
}

/**
 * Shown in __spa-fallback.html until the page's code is loaded. It stays free of the navbar:
 * the fallback is rendered for "/" and a highlighted link would not match the real URL on hydration.
 */
export function HydrateFallback() {
  return (
    <p className="page-loading" role="status">
      Chargement…
    </p>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const details = import.meta.env.DEV && error instanceof Error ? error.stack : undefined;

  return (
    <SiteLayout>
      <PageHeader title={notFound ? "Page introuvable" : "Une erreur est survenue"}>
        <p>
          {notFound
            ? "La page que vous cherchez n'existe pas ou a été déplacée."
            : "Nous n'avons pas pu afficher cette page. Veuillez réessayer dans quelques instants."}
        </p>
        <p>
          <Link to={paths.home()} className="button button-primary">
            Retour à l'accueil
          </Link>
        </p>
      </PageHeader>
      {details ? (
        <pre className="container error-details">
          <code>{details}</code>
        </pre>
      ) : null}
    </SiteLayout>
  );
}
