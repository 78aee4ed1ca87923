import { KOZA_PRICE_CENTS, PLANS } from "@lagon/contracts/plans";
import { HydrateLater } from "../components/layout/hydrate-later";
import { paths } from "../config/paths";
import { CheckoutSection } from "../features/checkout/checkout-section";
import { CallToAction } from "../features/marketing/call-to-action";
import { FAQ } from "../features/marketing/faq-entries";
import { FaqSection } from "../features/marketing/faq-section";
import { HeroSection } from "../features/marketing/hero-section";
import { HowItWorks } from "../features/marketing/how-it-works";
import { KozaPromo } from "../features/marketing/koza-promo";
import { SecuritySection } from "../features/marketing/security-section";
import { ShowcaseSection } from "../features/marketing/showcase-section";
import { TestimonialsSection } from "../features/marketing/testimonials-section";
import { PlansSection } from "../features/plans/components/plans-section";
import { pageMeta } from "../lib/page-meta";
import { faqPageJsonLd, localBusinessJsonLd } from "../lib/seo";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Votre site professionnel en ligne en moins de 10 minutes",
    description:
      "Sites WordPress clé en main pour les artisans, TPE et PME de La Réunion et des Outre-mer\u00a0: en ligne en moins de 10 minutes, dès 15 € HT par mois, SSL et sauvegardes inclus, e-mails professionnels avec les offres Starter et Business.",
    path: paths.home(),
    jsonLd: [localBusinessJsonLd({ plans: PLANS, kozaPrice: KOZA_PRICE_CENTS / 100 }), faqPageJsonLd(FAQ)],
  });

/**
 * Each section hydrates in a step of its own (decision 0018), except the checkout, which renders
 * nothing until a plan is chosen.
 */
export default function Home() {
  return (
    <>
      <HydrateLater>
        <HeroSection />
      </HydrateLater>
      <HydrateLater>
        <KozaPromo />
      </HydrateLater>
      <HydrateLater>
        <PlansSection />
      </HydrateLater>
      <HydrateLater>
        <HowItWorks />
      </HydrateLater>
      <CheckoutSection />
      <HydrateLater>
        <SecuritySection />
      </HydrateLater>
      <HydrateLater>
        <ShowcaseSection />
      </HydrateLater>
      <HydrateLater>
        <FaqSection />
      </HydrateLater>
      <HydrateLater>
        <TestimonialsSection />
      </HydrateLater>
      <HydrateLater>
        <CallToAction />
      </HydrateLater>
    </>
  );
}
