import { useEffect } from "react";

/**
 * Calls `run` every `everyMs`, counted from the end of the previous call, while `run` is given
 * (null: no polling) and skipping the calls that fall while the tab is hidden; stops on unmount
 * or a new `run` or interval. With `immediately`, the first call is made at once.
 */
export function usePolling(
  run: (() => Promise<void>) | null,
  everyMs: number,
  { immediately = false }: { immediately?: boolean } = {},
) {
  useEffect(() => {
    if (!run) return;
    let timer: number | undefined;
    let stopped = false;
    const tick = async () => {
      if (!document.hidden) await run();
      if (!stopped) timer = window.setTimeout(tick, everyMs);
    };
    if (immediately) void tick();
    else timer = window.setTimeout(tick, everyMs);
    return () => {
      stopped = true;
      window.clearTimeout(timer);
    };
  }, [run, everyMs, immediately]);
}
