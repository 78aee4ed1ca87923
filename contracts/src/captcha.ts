export const CAPTCHA_MISSING = "Veuillez valider le captcha.";
export const CAPTCHA_INVALID = "Le captcha a expiré ou n'est pas valide. Veuillez le valider à nouveau.";
