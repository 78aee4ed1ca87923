import type { DefaultTemplate } from "./default-templates.ts";
import { button, common, layout } from "./template-layout.ts";

/** The e-mails of a subscription's life (subscriptions/subscription-emails.ts sends them). */
export const SUBSCRIPTION_TEMPLATE_NAMES = [
  "subscription_payment_failed",
  "subscription_payment_action_required",
  "subscription_suspension_warning",
  "subscription_suspended",
  "subscription_archive_warning",
  "subscription_archived",
  "subscription_reactivated",
  "subscription_unsuspended",
  "subscription_cancel_scheduled",
  "subscription_cancel_undone",
  "subscription_cancelled",
  "subscription_plan_changed",
] as const;

/** Every subscription e-mail offers these: the site, its plan and price, the order page. */
const site = ["customer_name", "site_url", "plan_name", "amount", "magic_link", ...common];
const small = (text: string) => `    <p style="font-size:13px;color:#64748b">${text}</p>`;

export const SUBSCRIPTION_TEMPLATES: DefaultTemplate[] = [
  {
    name: "subscription_payment_failed",
    description:
      "Envoyé au client à chaque échec de prélèvement de son abonnement, avec le lien pour changer de carte.",
    subject: "Échec du paiement de votre abonnement {{site_url}}",
    variables: [...site, "update_card_link", "attempt", "next_attempt", "suspend_date"],
    content: layout(
      "Bonjour {{customer_name}},",
      `    <p>Le prélèvement de {{amount}} pour votre site {{site_url}} (formule {{plan_name}}) a échoué (tentative n° {{attempt}}).</p>
    <p>Votre site reste en ligne. {{next_attempt}}</p>
    <p>Sans paiement, il sera suspendu le <strong>{{suspend_date}}</strong>. Mettez à jour votre carte pour régler la facture tout de suite :</p>
${button("{{update_card_link}}", "Mettre à jour ma carte")}
${small("Ce lien est personnel : ne le partagez pas.")}`,
    ),
  },
  {
    name: "subscription_payment_action_required",
    description:
      "Envoyé au client quand sa banque demande de confirmer un prélèvement (3-D Secure), avec le lien de la facture à confirmer.",
    subject: "Confirmez le paiement de votre abonnement {{site_url}}",
    variables: [...site, "payment_link", "attempt", "next_attempt", "suspend_date"],
    content: layout(
      "Bonjour {{customer_name}},",
      `    <p>Votre banque demande que vous confirmiez le prélèvement de {{amount}} pour votre site {{site_url}} (formule {{plan_name}}) : c'est la vérification 3-D Secure.</p>
    <p>Votre site reste en ligne. Sans confirmation, il sera suspendu le <strong>{{suspend_date}}</strong>. Confirmez le paiement sur la page sécurisée de la facture :</p>
${button("{{payment_link}}", "Confirmer le paiement")}
${small("Ce lien est personnel : ne le partagez pas.")}`,
    ),
  },
  {
    name: "subscription_suspension_warning",
    description: "Envoyé au client la veille de la suspension de son site pour impayé.",
    subject: "Votre site {{site_url}} sera suspendu demain",
    variables: [...site, "update_card_link", "suspend_date"],
    content: layout(
      "Bonjour {{customer_name}},",
      `    <p>Votre abonnement (formule {{plan_name}}, {{amount}} par mois) reste impayé. Votre site {{site_url}} sera suspendu le <strong>{{suspend_date}}</strong> : vos visiteurs verront une page « site suspendu ».</p>
    <p>Un paiement avant cette date le garde en ligne :</p>
${button("{{update_card_link}}", "Mettre à jour ma carte")}`,
    ),
  },
  {
    name: "subscription_suspended",
    description: "Envoyé au client quand son site est suspendu (impayé ou décision de l'agence).",
    subject: "Votre site {{site_url}} est suspendu",
    variables: [...site, "reason", "archive_date", "wp_admin_url", "update_card_link"],
    content: layout(
      "Bonjour {{customer_name}},",
      `    <p>Votre site {{site_url}} est suspendu ({{reason}}). Vos visiteurs voient une page « site suspendu ».</p>
    <p>Votre administration WordPress reste ouverte pour exporter vos contenus : <a href="{{wp_admin_url}}">{{wp_admin_url}}</a></p>
    <p>Sans régularisation, le site sera archivé puis retiré de nos serveurs le <strong>{{archive_date}}</strong>. Un paiement le remet en ligne en quelques secondes :</p>
${button("{{update_card_link}}", "Régler et réactiver mon site")}`,
    ),
  },
  {
    name: "subscription_archive_warning",
    description: "Envoyé au client 7 jours puis 1 jour avant l'archivage de son site suspendu ou résilié.",
    subject: "Votre site {{site_url}} sera archivé dans {{days_left}} jour(s)",
    variables: [...site, "days_left", "archive_date", "wp_admin_url", "update_card_link"],
    content: layout(
      "Bonjour {{customer_name}},",
      `    <p>Votre site {{site_url}} sera archivé le <strong>{{archive_date}}</strong> : il sera retiré de nos serveurs et son administration WordPress fermée. Nous en gardons une copie pour pouvoir le rétablir.</p>
    <p>Exportez vos contenus d'ici là depuis <a href="{{wp_admin_url}}">{{wp_admin_url}}</a>, ou réactivez votre abonnement :</p>
${button("{{update_card_link}}", "Réactiver mon site")}`,
    ),
  },
  {
    name: "subscription_archived",
    description: "Envoyé au client quand son site est archivé et retiré des serveurs.",
    subject: "Votre site {{site_url}} a été archivé",
    variables: [...site, "retention_date", "update_card_link"],
    content: layout(
      "Bonjour {{customer_name}},",
      `    <p>Votre site {{site_url}} a été retiré de nos serveurs. Nous en gardons une copie complète (fichiers et base de données) jusqu'au <strong>{{retention_date}}</strong>.</p>
    <p>Un paiement d'ici là le rétablit tel qu'il était :</p>
${button("{{update_card_link}}", "Rétablir mon site")}`,
    ),
  },
  {
    name: "subscription_reactivated",
    description:
      "Envoyé au client quand un paiement réactive son abonnement (site remis en ligne ou rétabli).",
    subject: "Paiement reçu : votre site {{site_url}} est en ligne",
    variables: [...site, "period_end"],
    content: layout(
      "Merci {{customer_name}} !",
      `    <p>Nous avons bien reçu votre paiement de {{amount}}. Votre site {{site_url}} est en ligne et votre abonnement {{plan_name}} est actif.</p>
    <p>Prochain renouvellement : {{period_end}}.</p>
${button("{{magic_link}}", "Ouvrir mon espace client")}`,
    ),
  },
  {
    name: "subscription_unsuspended",
    description: "Envoyé au client quand l'agence lève la suspension de son site.",
    subject: "Votre site {{site_url}} est de nouveau en ligne",
    variables: [...site, "reason"],
    content: layout(
      "Bonjour {{customer_name}},",
      `    <p>La suspension de votre site {{site_url}} est levée ({{reason}}) : il est de nouveau en ligne.</p>
${button("{{magic_link}}", "Ouvrir mon espace client")}`,
    ),
  },
  {
    name: "subscription_cancel_scheduled",
    description: "Confirmation envoyée au client quand il résilie son abonnement (préavis de 30 jours).",
    subject: "Résiliation de votre abonnement {{site_url}} enregistrée",
    variables: [...site, "cancel_date"],
    content: layout(
      "Bonjour {{customer_name}},",
      `    <p>Nous avons bien enregistré la résiliation de votre abonnement {{plan_name}} pour {{site_url}}.</p>
    <p>Elle prendra effet le <strong>{{cancel_date}}</strong>, à la fin de la période de facturation qui suit le préavis de 30 jours. Votre site reste en ligne jusque-là, puis il sera mis hors ligne et archivé.</p>
    <p>Vous pouvez annuler la résiliation jusqu'à cette date depuis votre espace client :</p>
${button("{{magic_link}}", "Gérer mon abonnement")}`,
    ),
  },
  {
    name: "subscription_cancel_undone",
    description: "Envoyé au client quand il annule sa résiliation.",
    subject: "Votre abonnement {{site_url}} continue",
    variables: [...site, "period_end"],
    content: layout(
      "Bonjour {{customer_name}},",
      `    <p>Votre résiliation est annulée : votre abonnement {{plan_name}} ({{amount}} par mois) continue. Prochain renouvellement : {{period_end}}.</p>
${button("{{magic_link}}", "Ouvrir mon espace client")}`,
    ),
  },
  {
    name: "subscription_cancelled",
    description: "Envoyé au client le jour où sa résiliation prend effet et où son site est mis hors ligne.",
    subject: "Votre abonnement {{site_url}} est résilié",
    variables: [...site, "archive_date", "wp_admin_url"],
    content: layout(
      "Bonjour {{customer_name}},",
      `    <p>Votre abonnement est résilié : votre site {{site_url}} est hors ligne. Aucun prélèvement ne sera plus fait.</p>
    <p>Votre administration WordPress reste ouverte jusqu'au <strong>{{archive_date}}</strong> pour exporter vos contenus : <a href="{{wp_admin_url}}">{{wp_admin_url}}</a>. Le site sera ensuite archivé.</p>
    <p>Merci de votre confiance.</p>`,
    ),
  },
  {
    name: "subscription_plan_changed",
    description:
      "Envoyé au client quand il change de formule (montée immédiate, descente à la fin de la période).",
    subject: "Changement de formule pour {{site_url}}",
    variables: [...site, "old_plan_name", "change_summary"],
    content: layout(
      "Bonjour {{customer_name}},",
      `    <p>Votre formule passe de {{old_plan_name}} à {{plan_name}} ({{amount}} par mois).</p>
    <p>{{change_summary}}</p>
${button("{{magic_link}}", "Ouvrir mon espace client")}`,
    ),
  },
];
