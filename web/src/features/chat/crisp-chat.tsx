import { useEffect } from "react";
import { publicConfig } from "../../config/public-config";

declare global {
  interface Window {
    $crisp?: unknown[];
    CRISP_WEBSITE_ID?: string;
  }
}

/** Crisp's messenger on every page, only when CRISP_WEBSITE_ID is configured; the load is logged. */
export function CrispChat() {
  useEffect(() => {
    const id = publicConfig.CRISP_WEBSITE_ID;
    if (!id || document.getElementById("crisp-loader")) return;
    window.$crisp = [];
    window.CRISP_WEBSITE_ID = id;
    const script = document.createElement("script");
    script.id = "crisp-loader";
    script.src = "https://client.crisp.chat/l.js";
    script.async = true;
    script.onload = () => console.info("Crisp chargé");
    script.onerror = (err) => console.error("Le chat Crisp n'a pas pu être chargé", err);
    document.head.append(script);
  }, []);
  return null;
}
