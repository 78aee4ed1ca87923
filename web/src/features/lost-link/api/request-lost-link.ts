import { apiPaths } from "../../../api/paths";
import { fetchJson } from "../../../lib/fetch-json";

/**
 * `POST /api/resend-magic-link`: a new access link for every order of this address, by e-mail.
 * The request has the contact form's shape (spec section 7); only the address and captcha count.
 */
export const requestLostLink = (email: string, captchaToken: string) =>
  fetchJson(apiPaths.resendMagicLink(), {
    method: "POST",
    body: JSON.stringify({
      email,
      name: "",
      subject: "Lien d'accès",
      message: "",
      captcha_token: captchaToken,
    }),
  });
