import { CheckoutSection } from "../features/checkout/checkout-section";
import { FaqSection } from "../features/marketing/faq-section";
import {
  CallToAction,
  HeroSection,
  HowItWorks,
  KozaPromo,
  SecuritySection,
  ShowcaseSection,
  Testimonials,
} from "../features/marketing/home-sections";
import { PlansSection } from "../features/plans/components/plans-section";
import { pageMeta } from "../lib/page-meta";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Votre site professionnel en ligne en moins de 10 minutes",
    description:
      "Sites WordPress clé en main pour les artisans, TPE et PME de La Réunion et des Outre-mer : en ligne en moins de 10 minutes, SSL, e-mails professionnels et maintenance inclus.",
  });

export default function Home() {
  return (
    <>
      <HeroSection />
      <KozaPromo />
      <PlansSection />
      <HowItWorks />
      <CheckoutSection />
      <SecuritySection />
      <ShowcaseSection />
      <FaqSection />
      <Testimonials />
      <CallToAction />
    </>
  );
}
