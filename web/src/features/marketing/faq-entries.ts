/** The 16 questions of the home page's FAQ (static). */
export const FAQ: { question: string; answer: string }[] = [
  {
    question: "En combien de temps mon site est-il en ligne\u00a0?",
    answer:
      "En moins de 10 minutes. Dès votre paiement validé, votre site WordPress est créé automatiquement\u00a0: sous-domaine, installation, certificat SSL, puis vos accès arrivent par e-mail. Il faut généralement 2 à 3 minutes.",
  },
  {
    question: "Dois-je m'engager sur une longue durée\u00a0?",
    answer:
      "Non. L'abonnement est mensuel et sans engagement\u00a0: vous pouvez le résilier à tout moment avec un préavis de 30 jours.",
  },
  {
    question: "Les prix affichés sont-ils HT ou TTC\u00a0?",
    answer:
      "Les prix sont affichés hors taxes. La TVA de 8,5 % applicable à La Réunion s'y ajoute\u00a0; le récapitulatif de commande vous montre le total TTC avant de payer.",
  },
  {
    question: "Quelle offre choisir\u00a0?",
    answer:
      "Starter (20 €/mois) pour un site vitrine, Business (50 €/mois) pour vendre en ligne et prendre des réservations, Libre (15 €/mois) si vous construisez vous-même votre site WordPress.",
  },
  {
    question: "Qu'est-ce que Koza\u00a0?",
    answer:
      "Koza est notre agent d'intelligence artificielle. Pour 50 € HT, une seule fois, il rédige et illustre les 5 pages de votre site vitrine (Accueil, À propos, Services, Réalisations, Contact) à partir d'un questionnaire d'une dizaine de questions, en 15 minutes environ.",
  },
  {
    question: "Puis-je ajouter Koza après ma commande\u00a0?",
    answer:
      "Oui. Depuis votre espace client, un bouton vous permet d'ajouter Koza à tout moment, puis de remplir le questionnaire.",
  },
  {
    question: "Puis-je utiliser mon propre nom de domaine\u00a0?",
    answer:
      "Oui. Relier un domaine que vous possédez déjà est gratuit. Nous pouvons aussi en réserver un pour vous, à partir de 15 € par an (.com, .fr, .re). Notre équipe vous contacte sous 24h\u00a0; la propagation DNS prend ensuite 24 à 48 h.",
  },
  {
    question: "Mon site est-il sécurisé\u00a0?",
    answer:
      "Oui\u00a0: certificat SSL inclus, mises à jour de sécurité suivies par notre équipe, hébergement en France et sauvegardes quotidiennes de votre site.",
  },
  {
    question: "Où mon site est-il hébergé\u00a0?",
    answer:
      "Sur des serveurs situés en France, conformes au RGPD. Vos données et celles de vos clients restent en Europe.",
  },
  {
    question: "Mes données sont-elles sauvegardées\u00a0?",
    answer:
      "Chaque jour. En cas d'erreur de manipulation, nous pouvons restaurer votre site tel qu'il était la veille.",
  },
  {
    question: "Ai-je des adresses e-mail professionnelles\u00a0?",
    answer:
      "Oui, les offres Starter et Business incluent des adresses e-mail à votre nom de domaine, par exemple contact@votre-entreprise.re.",
  },
  {
    question: "Je ne suis pas à l'aise avec l'informatique, vais-je m'en sortir\u00a0?",
    answer:
      "Oui. Une formation gratuite de 30 minutes en visioconférence est incluse, et un guide PDF vous explique pas à pas comment modifier une page, ajouter une image ou un utilisateur.",
  },
  {
    question: "Quels sont les horaires du support\u00a0?",
    answer:
      "Notre équipe de Saint-Paul vous répond du lundi au vendredi de 8h à 18h et le samedi de 9h à 12h, heure de La Réunion (UTC+4). Le support est fermé le dimanche.",
  },
  {
    question: "Puis-je modifier mon site moi-même\u00a0?",
    answer:
      "Bien sûr. Vous recevez un accès administrateur à votre WordPress\u00a0: textes, images, pages, articles, tout est modifiable depuis votre navigateur.",
  },
  {
    question: "Comment retrouver mon accès si je perds l'e-mail\u00a0?",
    answer:
      "Rendez-vous sur la page Espace client, saisissez l'adresse e-mail de votre commande\u00a0: vous recevez aussitôt un nouveau lien d'accès.",
  },
  {
    question: "Mon site peut-il apparaître dans votre annuaire\u00a0?",
    answer:
      "Oui, gratuitement\u00a0: cochez la case lors de votre commande. Votre entreprise sera visible dans notre annuaire des sites, classée par catégorie et par territoire.",
  },
];
