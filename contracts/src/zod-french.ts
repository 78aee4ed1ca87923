import { z } from "zod";

/** Zod's own messages in French, for every schema of the product (server and browser). */
z.config(z.locales.fr());
