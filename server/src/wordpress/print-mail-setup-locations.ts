import { loadConfig } from "../config.ts";
import { mailSetupLocations, productUpstreamAt } from "./site-runtime-config.ts";

// `npm run mail-setup-locations`: prints an SSH WordPress host's nginx file of mail programs'
// set-up answers, passed to the product at PUBLIC_URL (decision 0114, docs/operations/wordpress-host.md).
process.stdout.write(mailSetupLocations(productUpstreamAt(loadConfig().PUBLIC_URL)));
