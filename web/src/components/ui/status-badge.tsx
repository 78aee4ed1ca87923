import type { ReactNode } from "react";
import "./status-badge.css";

export type BadgeTone = "neutral" | "muted" | "success" | "warning" | "danger";

const TONE_OF: Record<string, BadgeTone> = {
  active: "success",
  up: "success",
  past_due: "warning",
  error: "danger",
  failed: "danger",
  down: "danger",
  suspended: "danger",
  cancelled: "danger",
  archived: "danger",
};

/** The colour of a state (an order's, a subscription's, a site's monitoring, a domain's). */
export const statusTone = (status: string): BadgeTone => TONE_OF[status] ?? "neutral";

/** A state in a coloured pill; `className` adds the page's own size (the admin's `admin-badge`). */
export function StatusBadge({
  tone,
  className,
  children,
}: {
  tone: BadgeTone;
  className?: string;
  children: ReactNode;
}) {
  return <span className={`status-badge is-${tone}${className ? ` ${className}` : ""}`}>{children}</span>;
}
