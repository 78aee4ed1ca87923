import { BACKUP_TEMPLATE_NAMES, BACKUP_TEMPLATES } from "./backup-templates.ts";
import { BOOKING_TEMPLATE_NAMES, BOOKING_TEMPLATES } from "./booking-templates.ts";
import { MAINTENANCE_TEMPLATE_NAMES, MAINTENANCE_TEMPLATES } from "./maintenance-templates.ts";
import { SUBSCRIPTION_TEMPLATE_NAMES, SUBSCRIPTION_TEMPLATES } from "./subscription-templates.ts";
import { button, common, layout } from "./template-layout.ts";

/** The French e-mails the product sends, seeded once; admins edit them afterwards. */
export interface DefaultTemplate {
  name: TemplateName;
  description: string;
  subject: string;
  content: string;
  variables: string[];
}

export const TEMPLATE_NAMES = [
  "welcome",
  "magic_link_admin",
  "magic_link_lost",
  "koza_ready",
  "koza_failed_agency",
  "provisioning_failed_agency",
  "wordpress_reinstalled",
  "domain_request_agency",
  "domain_request_customer",
  "domain_active",
  "domain_blocked",
  "domain_refused",
  "contact_agency",
  "chat_agency",
  "host_down_agency",
  "payment_alert_agency",
  "mail_outside_plan_agency",
  "mail_outside_plan_customer",
  ...SUBSCRIPTION_TEMPLATE_NAMES,
  ...MAINTENANCE_TEMPLATE_NAMES,
  ...BACKUP_TEMPLATE_NAMES,
  ...BOOKING_TEMPLATE_NAMES,
] as const;
export type TemplateName = (typeof TEMPLATE_NAMES)[number];

export const DEFAULT_TEMPLATES: DefaultTemplate[] = [
  {
    name: "welcome",
    description: "Envoyé au client quand son site est en ligne, avec son lien d'accès privé.",
    subject: "Votre site {{site_url}} est en ligne !",
    variables: ["customer_name", "site_url", "wp_admin_url", "magic_link", "plan_name", ...common],
    content: layout(
      "Bienvenue {{customer_name}} !",
      `    <p>Votre site WordPress (formule {{plan_name}}) est prêt : <a href="{{site_url}}">{{site_url}}</a>.</p>
    <p>Administration WordPress : <a href="{{wp_admin_url}}">{{wp_admin_url}}</a></p>
    <p>Votre espace client privé vous donne vos identifiants WordPress et le suivi de votre commande :</p>
${button("{{magic_link}}", "Accéder à mon espace client")}
    <p style="font-size:13px;color:#64748b">Ce lien est personnel : ne le partagez pas.</p>
    <p style="font-size:13px;color:#64748b">Comme vous l'avez demandé à la commande, votre site a été créé dès le paiement : vous avez ainsi renoncé à votre droit de rétractation de 14 jours. Vos factures sont dans votre espace client.</p>`,
    ),
  },
  {
    name: "magic_link_admin",
    description: "Nouveau lien d'accès envoyé au client par un administrateur.",
    subject: "Votre lien d'accès à votre espace client",
    variables: ["customer_name", "site_url", "magic_link", ...common],
    content: layout(
      "Bonjour {{customer_name}},",
      `    <p>Voici votre lien d'accès à l'espace client de votre site {{site_url}} :</p>
${button("{{magic_link}}", "Ouvrir mon espace client")}
    <p style="font-size:13px;color:#64748b">Ce lien est personnel : ne le partagez pas.</p>`,
    ),
  },
  {
    name: "magic_link_lost",
    description: "Lien d'accès demandé par le client depuis la page Espace client.",
    subject: "Votre nouveau lien d'accès",
    variables: ["customer_name", "site_url", "magic_link", ...common],
    content: layout(
      "Bonjour {{customer_name}},",
      `    <p>Vous avez demandé un nouveau lien d'accès pour votre site {{site_url}}.</p>
${button("{{magic_link}}", "Ouvrir mon espace client")}
    <p>Ce lien vous donne accès à vos identifiants WordPress et à l'option de domaine personnalisé.</p>
    <p style="font-size:13px;color:#64748b">Si vous n'êtes pas à l'origine de cette demande, ignorez cet e-mail.</p>`,
    ),
  },
  {
    name: "koza_ready",
    description: "Envoyé au client quand Koza a terminé la génération de son site.",
    subject: "Koza a terminé votre site {{business_name}} !",
    variables: ["customer_name", "business_name", "pages", "site_url", "magic_link", ...common],
    content: layout(
      "Votre site est rempli, {{customer_name}} !",
      `    <p>Koza a rédigé les pages de {{business_name}} et les a mises en page : {{pages}}.</p>
${button("{{site_url}}", "Voir mon site")}
    <p>Vous pouvez tout modifier depuis WordPress. Votre espace client : <a href="{{magic_link}}">{{magic_link}}</a></p>`,
    ),
  },
  {
    name: "koza_failed_agency",
    description: "Alerte à l'agence : la génération Koza a échoué.",
    subject: "[Alerte] Échec Koza pour {{subdomain}}",
    variables: ["order_id", "subdomain", "customer_email", "error", "admin_url", ...common],
    content: layout(
      "Échec de génération Koza",
      `    <p>Commande {{order_id}} ({{subdomain}}, {{customer_email}}).</p>
    <p>Erreur : {{error}}</p>
    <p><a href="{{admin_url}}">Ouvrir l'administration</a></p>`,
    ),
  },
  {
    name: "provisioning_failed_agency",
    description: "Alerte à l'agence : la création d'un site a échoué.",
    subject: "[Alerte] Échec de création du site {{subdomain}}",
    variables: ["order_id", "subdomain", "customer_email", "step", "error", "admin_url", ...common],
    content: layout(
      "Échec de création d'un site",
      `    <p>Commande {{order_id}} ({{subdomain}}, {{customer_email}}), étape « {{step}} ».</p>
    <p>Erreur : {{error}}</p>
    <p><a href="{{admin_url}}">Ouvrir l'administration</a> pour reprendre la commande.</p>`,
    ),
  },
  {
    name: "host_down_agency",
    description: "Alerte à l'agence : le serveur des sites WordPress s'est arrêté (il est redémarré seul).",
    subject: "[Alerte] Sites WordPress : {{service}} s'est arrêté",
    variables: ["service", "detail", "health_url", ...common],
    content: layout(
      "Sites WordPress interrompus",
      `    <p>{{service}} s'est arrêté : {{detail}}</p>
    <p>Le produit le redémarre de lui-même ; l'état courant est sur <a href="{{health_url}}">{{health_url}}</a>.</p>`,
    ),
  },
  {
    name: "payment_alert_agency",
    description: "Alerte à l'agence : un paiement d'abonnement est remboursé ou contesté chez Stripe.",
    subject: "[Alerte] {{alert}} : {{subdomain}}",
    variables: ["alert", "detail", "order_id", "subdomain", "customer_email", "admin_url", ...common],
    content: layout(
      "{{alert}}",
      `    <p>Commande {{order_id}} ({{subdomain}}, {{customer_email}}).</p>
    <p>{{detail}}</p>
    <p><a href="{{admin_url}}">Ouvrir l'administration</a> pour suspendre ou résilier l'abonnement si besoin.</p>`,
    ),
  },
  {
    name: "mail_outside_plan_agency",
    description:
      "Alerte à l'agence : une formule sans e-mail (Libre) est appliquée, par exemple depuis Stripe, alors que le site a encore des adresses e-mail (elles restent en service).",
    subject: "[Alerte] Adresses e-mail hors formule : {{subdomain}}",
    variables: ["detail", "order_id", "subdomain", "customer_email", "admin_url", ...common],
    content: layout(
      "Adresses e-mail hors formule",
      `    <p>Commande {{order_id}} ({{subdomain}}, {{customer_email}}).</p>
    <p>{{detail}}</p>
    <p><a href="{{admin_url}}">Ouvrir l'administration</a> : la commande y porte l'alerte et ses adresses e-mail tant qu'elles restent.</p>`,
    ),
  },
  {
    name: "mail_outside_plan_customer",
    description:
      "Envoyé au client quand sa formule passe à une formule sans e-mail (Libre), par exemple depuis Stripe, alors que son site a encore des adresses e-mail (elles restent en service).",
    subject: "Vos adresses e-mail ne sont plus comprises dans votre formule {{plan_name}}",
    variables: ["customer_name", "site_url", "plan_name", "addresses", "magic_link", ...common],
    content: layout(
      "Bonjour {{customer_name}},",
      `    <p>Votre abonnement pour le site {{site_url}} est passé à la formule {{plan_name}}, qui ne comprend pas d'adresse e-mail. Votre site a pourtant encore des adresses e-mail : {{addresses}}.</p>
    <p>Elles fonctionnent toujours : vous recevez et envoyez vos messages comme avant, et rien n'est supprimé. Mais votre formule ne les comprend plus.</p>
    <p>Pour les garder, reprenez la formule Starter ou Business dans votre espace client (bloc « Votre abonnement »). Sinon, récupérez les messages que vous voulez garder, puis supprimez ces adresses (bloc « Adresses e-mail »).</p>
${button("{{magic_link}}", "Ouvrir mon espace client")}
    <p style="font-size:13px;color:#64748b">Ce lien est personnel : ne le partagez pas. Notre équipe est informée et répond à vos questions à {{contact_email}}.</p>`,
    ),
  },
  {
    name: "wordpress_reinstalled",
    description: "Envoyé au client après une réinstallation de WordPress, avec ses nouveaux identifiants.",
    subject: "Votre site {{site_url}} a été réinstallé",
    variables: ["customer_name", "site_url", "wp_admin_url", "wp_username", "magic_link", ...common],
    content: layout(
      "Bonjour {{customer_name}},",
      `    <p>Votre site WordPress {{site_url}} a été réinstallé à neuf. Vos anciens identifiants ne fonctionnent plus.</p>
    <p>Identifiant : <strong>{{wp_username}}</strong><br>Administration : <a href="{{wp_admin_url}}">{{wp_admin_url}}</a></p>
    <p>Votre nouveau mot de passe est visible dans votre espace client :</p>
${button("{{magic_link}}", "Voir mes identifiants")}
    <p>Votre site d'avant la réinstallation a été sauvegardé juste avant : il reste dans la liste « Sauvegardes de votre site » de votre espace client (« Avant réinstallation ») et peut être restauré. Si vous avez Koza, vos réponses au questionnaire sont conservées : un clic sur « Régénérer » suffit.</p>`,
    ),
  },
  {
    name: "domain_request_agency",
    description: "Alerte à l'agence : un client demande un domaine personnalisé.",
    subject: "Demande de domaine : {{domain_name}} pour {{subdomain}}",
    variables: [
      "order_id",
      "subdomain",
      "customer_name",
      "customer_email",
      "has_own_domain",
      "domain_name",
      "message",
      ...common,
    ],
    content: layout(
      "Nouvelle demande de domaine",
      `    <p>{{customer_name}} ({{customer_email}}), site {{subdomain}}, commande {{order_id}}.</p>
    <p>Domaine : <strong>{{domain_name}}</strong> — possède déjà le domaine : {{has_own_domain}}</p>
    <p>Message : {{message}}</p>`,
    ),
  },
  {
    name: "domain_request_customer",
    description: "Accusé de réception envoyé au client après sa demande de domaine.",
    subject: "Nous avons bien reçu votre demande pour {{domain_name}}",
    variables: ["customer_name", "domain_name", "magic_link", ...common],
    content: layout(
      "Bonjour {{customer_name}},",
      `    <p>Nous avons bien reçu votre demande pour le domaine <strong>{{domain_name}}</strong>. Notre équipe vérifie sa disponibilité et vous contacte sous 24h.</p>
    <p>La propagation DNS prend ensuite 24 à 48 h.</p>
${button("{{magic_link}}", "Suivre ma demande")}`,
    ),
  },
  {
    name: "domain_active",
    description: "Envoyé au client quand son domaine personnalisé est en ligne, avec son certificat HTTPS.",
    subject: "Votre site répond maintenant sur {{domain_name}}",
    variables: ["customer_name", "domain_name", "site_url", "magic_link", ...common],
    content: layout(
      "Bonne nouvelle {{customer_name}} !",
      `    <p>Votre site est maintenant en ligne sur votre domaine : <a href="{{site_url}}">{{site_url}}</a>, avec un certificat HTTPS renouvelé automatiquement.</p>
    <p>L'ancienne adresse de votre site et www.{{domain_name}} redirigent vers cette adresse, et les liens de vos pages ont été mis à jour.</p>
${button("{{magic_link}}", "Ouvrir mon espace client")}`,
    ),
  },
  {
    name: "domain_blocked",
    description:
      "Envoyé au client quand son domaine personnalisé est bloqué par un réglage qu'il doit corriger.",
    subject: "Votre domaine {{domain_name}} demande une correction",
    variables: ["customer_name", "domain_name", "reason", "magic_link", ...common],
    content: layout(
      "Bonjour {{customer_name}},",
      `    <p>Nous ne pouvons pas encore mettre votre site en ligne sur <strong>{{domain_name}}</strong> :</p>
    <p style="padding:12px;background:#fff7ed;border-radius:8px">{{reason}}</p>
    <p>Une fois la correction faite chez votre registraire, renvoyez la demande depuis votre espace client (ou répondez à cet e-mail) : la vérification reprend aussitôt.</p>
${button("{{magic_link}}", "Voir les enregistrements à configurer")}`,
    ),
  },
  {
    name: "domain_refused",
    description: "Envoyé au client quand l'agence refuse sa demande de domaine, avec la raison.",
    subject: "Votre demande de domaine {{domain_name}}",
    variables: ["customer_name", "domain_name", "reason", "magic_link", ...common],
    content: layout(
      "Bonjour {{customer_name}},",
      `    <p>Nous ne pouvons pas relier votre site au domaine <strong>{{domain_name}}</strong> :</p>
    <p style="padding:12px;background:#fff7ed;border-radius:8px">{{reason}}</p>
    <p>Vous pouvez demander un autre domaine depuis votre espace client, ou répondre à cet e-mail pour en parler avec nous. Votre site reste en ligne à son adresse actuelle.</p>
${button("{{magic_link}}", "Demander un autre domaine")}`,
    ),
  },
  {
    name: "contact_agency",
    description: "Message reçu par le formulaire de contact.",
    subject: "[Contact] {{subject}}",
    variables: ["name", "email", "subject", "message", ...common],
    content: layout(
      "Nouveau message de contact",
      `    <p><strong>{{name}}</strong> ({{email}})</p>
    <p><strong>Sujet :</strong> {{subject}}</p>
    <p style="white-space:pre-wrap">{{message}}</p>`,
    ),
  },
  {
    name: "chat_agency",
    description:
      "Nouvelle conversation ouverte par un visiteur dans le chat du site (une fois par conversation).",
    subject: "[Chat] Nouvelle conversation d'un visiteur",
    variables: ["message", "email", "page", "inbox_url", ...common],
    content: layout(
      "Nouvelle conversation dans le chat",
      `    <p>Un visiteur vient d'écrire depuis <a href="{{page}}">{{page}}</a> :</p>
    <p style="white-space:pre-wrap;padding:12px;background:#f0f8fa;border-radius:8px">{{message}}</p>
    <p><strong>E-mail laissé :</strong> {{email}}</p>
    <p>Il attend votre réponse dans le chat : répondez-lui depuis la messagerie de l'administration (les messages suivants de cette conversation n'envoient pas d'e-mail).</p>
${button("{{inbox_url}}", "Ouvrir la messagerie")}
    <p style="font-size:13px;color:#64748b">Ajoutez votre jeton d'administration à l'adresse (?token=…) si la page le demande.</p>`,
    ),
  },
  ...SUBSCRIPTION_TEMPLATES,
  ...MAINTENANCE_TEMPLATES,
  ...BACKUP_TEMPLATES,
  ...BOOKING_TEMPLATES,
];
