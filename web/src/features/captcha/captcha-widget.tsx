import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from "react";
import { apiPaths } from "../../api/paths";

const SCRIPT_RETRIES = 2;

/** Loads the widget's script (the custom element), retrying twice if it fails, as the spec asks. */
async function loadAltcha(): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await import("altcha");
      await import("altcha/i18n/fr-fr");
      return;
    } catch (err) {
      if (attempt >= SCRIPT_RETRIES) throw err;
      await new Promise((r) => setTimeout(r, 500 * (attempt + 1)));
    }
  }
}

export interface CaptchaHandle {
  reset(): void;
}

interface AltchaElement extends HTMLElement {
  reset?: () => void;
}

/** Resolves once the element is on screen or the visitor starts filling in its form. */
function needed(el: Element): Promise<void> {
  return new Promise((resolve) => {
    const form = el.closest("form");
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) done();
    });
    function done() {
      observer.disconnect();
      form?.removeEventListener("focusin", done);
      resolve();
    }
    observer.observe(el);
    form?.addEventListener("focusin", done);
  });
}

/**
 * The ALTCHA proof-of-work captcha (self-hosted). Gives its token once solved; an expired
 * solution clears it. Its script, the largest of the site, loads once the widget is on screen or
 * the visitor starts on the form, so that the page itself is usable first.
 */
export const CaptchaWidget = forwardRef<CaptchaHandle, { onToken: (token: string | null) => void }>(
  function CaptchaWidget({ onToken }, ref) {
    const element = useRef<AltchaElement>(null);
    const [failed, setFailed] = useState(false);
    const [ready, setReady] = useState(false);
    useImperativeHandle(ref, () => ({
      reset() {
        element.current?.reset?.();
        onToken(null);
      },
    }));

    useEffect(() => {
      if (!element.current) return;
      needed(element.current)
        .then(loadAltcha)
        .then(() => setReady(true))
        .catch((err) => {
          console.error("Le captcha n'a pas pu être chargé", err);
          setFailed(true);
        });
    }, []);

    useEffect(() => {
      const el = element.current;
      if (!ready || !el) return;
      const onState = (event: Event) => {
        const detail = (event as CustomEvent<{ state: string; payload?: string }>).detail;
        if (detail.state === "verified" && detail.payload) onToken(detail.payload);
        else if (detail.state === "expired" || detail.state === "unverified" || detail.state === "error")
          onToken(null);
      };
      el.addEventListener("statechange", onState);
      return () => el.removeEventListener("statechange", onState);
    }, [ready, onToken]);

    if (failed) {
      return (
        <p className="captcha-error" role="alert">
          Le captcha n'a pas pu être chargé. Rechargez la page pour réessayer.
        </p>
      );
    }
    return (
      <altcha-widget ref={element} challenge={apiPaths.captchaChallenge()} language="fr-fr" hidefooter="" />
    );
  },
);

declare module "react" {
  namespace JSX {
    interface IntrinsicElements {
      "altcha-widget": React.DetailedHTMLProps<React.HTMLAttributes<HTMLElement>, HTMLElement> & {
        challenge?: string;
        language?: string;
        hidefooter?: string;
      };
    }
  }
}
