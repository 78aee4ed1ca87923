import "./admin-notice.css";

export interface Notice {
  tone: "success" | "error";
  text: string;
}

/**
 * The outcome of an admin action, pinned to the bottom of the screen so that it is seen from
 * anywhere in a long list; announced by screen readers (the live region is always present).
 */
export function AdminNotice({ notice, onDismiss }: { notice: Notice | null; onDismiss: () => void }) {
  return (
    <div className="admin-notice-region" role="status">
      {notice ? (
        <p className={`admin-notice is-${notice.tone}`}>
          <span>{notice.text}</span>
          <button type="button" onClick={onDismiss} aria-label="Fermer le message">
            ×
          </button>
        </p>
      ) : null}
    </div>
  );
}
