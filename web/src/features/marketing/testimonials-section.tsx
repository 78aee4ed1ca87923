import type { PublicTestimonial } from "@lagon/contracts/testimonials-schemas";
import { type CSSProperties, useEffect, useState } from "react";
import { getTestimonials } from "./api/get-testimonials";
import "./marketing.css";

/**
 * What customers agreed to have quoted, as the agency entered it in the admin (decision 0047):
 * read on each load, like the showcase, so that a new one shows and a withdrawn one goes at once.
 * Null until known, and an empty list if it cannot be read.
 */
function useTestimonials(): PublicTestimonial[] | null {
  const [list, setList] = useState<PublicTestimonial[] | null>(null);
  useEffect(() => {
    let current = true;
    getTestimonials().then(
      (r) => current && setList(r.testimonials),
      (err: unknown) => {
        console.error("Témoignages indisponibles", err);
        if (current) setList([]);
      },
    );
    return () => {
      current = false;
    };
  }, []);
  return list;
}

function Rating({ value }: { value: number }) {
  return (
    <p className="rating" role="img" aria-label={`Note\u00a0: ${value} sur 5`}>
      {"★".repeat(value)}
      <span className="rating-empty">{"★".repeat(5 - value)}</span>
    </p>
  );
}

/** The testimonials the agency was given; none entered yet, the section says so and quotes no one. */
export function TestimonialsSection() {
  const list = useTestimonials();
  return (
    <section className="section testimonials" aria-labelledby="testimonials-title" aria-busy={list === null}>
      <div className="container">
        <h2 id="testimonials-title" className="section-title">
          Ce que disent nos clients
        </h2>
        {list === null ? null : list.length === 0 ? (
          <p className="section-lead">
            Nous ne publions ici que les avis que nos clients nous ont confiés et nous ont autorisés à citer.
            Les premiers arrivent bientôt&nbsp;: en attendant, leurs sites sont à découvrir dans notre
            annuaire.
          </p>
        ) : (
          <ul className="testimonial-grid" style={{ "--items": list.length } as CSSProperties}>
            {list.map((t) => (
              <li key={t.id}>
                <figure>
                  <Rating value={t.rating} />
                  <blockquote>«&nbsp;{t.text}&nbsp;»</blockquote>
                  <figcaption>
                    <strong>{t.name}</strong>
                    <br />
                    {t.business}
                    {t.site_url ? (
                      <>
                        <br />
                        <a href={t.site_url} target="_blank" rel="noopener noreferrer">
                          Voir son site
                          <span className="visually-hidden"> ({t.business}, nouvel onglet)</span>
                        </a>
                      </>
                    ) : null}
                  </figcaption>
                </figure>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
