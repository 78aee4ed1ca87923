import "./marketing.css";

const GUARANTEES = [
  {
    title: "Certificat SSL inclus",
    text: "Le cadenas dans la barre d'adresse dès la mise en ligne\u00a0: vos visiteurs et leurs données sont protégés.",
  },
  {
    title: "Sauvegardes quotidiennes",
    text: "Votre site est sauvegardé chaque jour. Une erreur de manipulation\u00a0? Nous le restaurons tel qu'il était la veille.",
  },
  {
    title: "Hébergé en France",
    text: "Des serveurs situés en France, un traitement des données conforme au RGPD.",
  },
  {
    title: "Mises à jour suivies",
    text: "WordPress, thème et extensions sont mis à jour et surveillés par notre équipe (offres Starter et Business).",
  },
  {
    title: "Accès privé et sécurisé",
    text: "Votre espace client s'ouvre par un lien personnel envoyé par e-mail, sans mot de passe à retenir.",
  },
  {
    title: "Paiement sécurisé",
    text: "Vous payez par carte sur la page sécurisée de notre prestataire de paiement\u00a0: nous ne voyons jamais votre numéro de carte.",
  },
];

export function SecuritySection() {
  return (
    <section className="section security" aria-labelledby="security-title">
      <div className="container">
        <h2 id="security-title" className="section-title">
          Sécurité et sérénité
        </h2>
        <p className="section-lead">Vous vous occupez de vos clients, nous nous occupons de votre site.</p>
        <ul className="feature-grid feature-grid-wide">
          {GUARANTEES.map((item) => (
            <li key={item.title}>
              <h3>{item.title}</h3>
              <p>{item.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
