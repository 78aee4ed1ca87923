import type { DefaultTemplate } from "./default-templates.ts";
import { button, common, layout } from "./template-layout.ts";

/** The e-mails of a Business site's online booking (booking/booking-mails.ts sends them). */
export const BOOKING_TEMPLATE_NAMES = [
  "booking_confirmed",
  "booking_new_business",
  "booking_reminder",
  "booking_cancelled_business",
] as const;

const bookingVars = ["visitor_name", "business_name", "service", "when", "site_url", ...common];

export const BOOKING_TEMPLATES: DefaultTemplate[] = [
  {
    name: "booking_confirmed",
    description:
      "Envoyé au visiteur qui réserve un créneau sur un site Business, avec l'invitation d'agenda (.ics) et son lien d'annulation.",
    subject: "Rendez-vous confirmé : {{business_name}}, {{when}}",
    variables: [...bookingVars, "cancel_url", "business_contact"],
    content: layout(
      "Votre rendez-vous est confirmé",
      `    <p>Bonjour {{visitor_name}},</p>
    <p><strong>{{business_name}}</strong> vous attend le <strong>{{when}}</strong> pour : {{service}}.</p>
    <p>L'invitation jointe (fichier .ics) ajoute ce rendez-vous à votre agenda.</p>
    <p>Pour toute question : {{business_contact}} (<a href="{{site_url}}">{{site_url}}</a>).</p>
    <p>Un empêchement ? Annulez en un clic, le créneau sera libéré :</p>
${button("{{cancel_url}}", "Annuler mon rendez-vous")}
    <p style="font-size:13px;color:#64748b">Réservation en ligne du site {{site_url}}, fournie par {{company_name}}. Vous recevrez un rappel la veille.</p>`,
    ),
  },
  {
    name: "booking_new_business",
    description: "Envoyé au client Business à chaque réservation prise sur son site.",
    subject: "Nouvelle réservation : {{service}}, {{when}}",
    variables: [...bookingVars, "visitor_email", "visitor_phone", "visitor_note", "magic_link"],
    content: layout(
      "Nouvelle réservation",
      `    <p><strong>{{visitor_name}}</strong> a réservé sur votre site : {{service}}, le <strong>{{when}}</strong>.</p>
    <p>E-mail : <a href="mailto:{{visitor_email}}">{{visitor_email}}</a><br>Téléphone : {{visitor_phone}}</p>
    <p>Message : {{visitor_note}}</p>
    <p>Vos réservations, votre calendrier et vos horaires sont dans votre espace client :</p>
${button("{{magic_link}}", "Voir mes réservations")}`,
    ),
  },
  {
    name: "booking_reminder",
    description: "Rappel envoyé au visiteur la veille de son rendez-vous.",
    subject: "Rappel : rendez-vous demain chez {{business_name}}, {{when}}",
    variables: [...bookingVars, "cancel_url", "business_contact"],
    content: layout(
      "Rappel de votre rendez-vous",
      `    <p>Bonjour {{visitor_name}},</p>
    <p>Nous vous rappelons votre rendez-vous chez <strong>{{business_name}}</strong> le <strong>{{when}}</strong> : {{service}}.</p>
    <p>Pour toute question : {{business_contact}}.</p>
    <p>Vous ne pouvez plus venir ? Annulez pour libérer le créneau :</p>
${button("{{cancel_url}}", "Annuler mon rendez-vous")}`,
    ),
  },
  {
    name: "booking_cancelled_business",
    description: "Envoyé au client Business quand un visiteur annule son rendez-vous.",
    subject: "Rendez-vous annulé : {{service}}, {{when}}",
    variables: [...bookingVars, "visitor_email", "magic_link"],
    content: layout(
      "Rendez-vous annulé",
      `    <p>{{visitor_name}} (<a href="mailto:{{visitor_email}}">{{visitor_email}}</a>) a annulé son rendez-vous : {{service}}, le {{when}}. Le créneau est de nouveau libre.</p>
${button("{{magic_link}}", "Voir mes réservations")}`,
    ),
  },
];
