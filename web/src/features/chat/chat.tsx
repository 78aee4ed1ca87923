import { type ComponentType, useEffect, useState } from "react";
import { useLocation } from "react-router";
import { publicConfig } from "../../config/public-config";
import { CrispChat } from "./crisp-chat";

type Widget = ComponentType<{ pathname: string }>;

/**
 * The chat on every public page: Crisp when CRISP_WEBSITE_ID is set, else our own (decision
 * 0035). Ours costs the page nothing up front: its code and styles are a separate chunk, fetched
 * once the page has painted, hydrated and the browser is idle. The admin pages have none.
 */
export function Chat() {
  const { pathname } = useLocation();
  if (publicConfig.CRISP_WEBSITE_ID) return <CrispChat />;
  if (pathname.startsWith("/admin")) return null;
  return <OwnChat pathname={pathname} />;
}

function OwnChat({ pathname }: { pathname: string }) {
  const [Widget, setWidget] = useState<Widget | null>(null);
  useEffect(() => {
    let cancelled = false;
    const load = () =>
      import("./chat-widget")
        .then((m) => !cancelled && setWidget(() => m.ChatWidget))
        .catch((err) => console.error("Le chat n'a pas pu être chargé", err));
    const idle = window.requestIdleCallback?.(load, { timeout: 2000 });
    const timer = idle === undefined ? window.setTimeout(load, 1000) : undefined;
    return () => {
      cancelled = true;
      if (idle !== undefined) window.cancelIdleCallback(idle);
      window.clearTimeout(timer);
    };
  }, []);
  return Widget ? <Widget pathname={pathname} /> : null;
}
