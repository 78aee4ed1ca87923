import type { ReactNode } from "react";

/**
 * The order page's "are you sure?" in place (an `alertdialog` named by its question): the question,
 * what it changes, then the confirming button and "Annuler". It is laid out by the
 * `.backup-confirm` panel of the dashboard's styles.
 */
export function ConfirmDialog({
  titleId,
  title,
  confirmLabel,
  onConfirm,
  onCancel,
  children,
}: {
  /** The id of the question, unique on the page: the dialog's accessible name. */
  titleId: string;
  title: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** What confirming changes, in paragraphs. */
  children: ReactNode;
}) {
  return (
    <div className="backup-confirm" role="alertdialog" aria-labelledby={titleId}>
      <p id={titleId}>
        <strong>{title}</strong>
      </p>
      {children}
      <p className="dashboard-actions">
        <button type="button" className="button button-primary" onClick={onConfirm}>
          {confirmLabel}
        </button>
        <button type="button" className="dashboard-small-button" onClick={onCancel}>
          Annuler
        </button>
      </p>
    </div>
  );
}
