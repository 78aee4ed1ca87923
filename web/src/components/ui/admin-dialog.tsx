import { type ReactNode, useEffect, useRef } from "react";
import "./admin-dialog.css";

/**
 * The admin's modal dialog (a native `<dialog>` opened with `showModal`, so focus is trapped and
 * Échap closes it): a title with the order it is about under it, then the content. `onClose` runs
 * however it closes. The content gets `close` for its own "Annuler"; `<DialogCloseButton />` is the
 * plain "Fermer" of a dialog that only shows.
 */
export function AdminDialog({
  titleId,
  title,
  sub,
  onClose,
  children,
}: {
  /** The id of the title, unique on the page: the dialog's accessible name. */
  titleId: string;
  title: ReactNode;
  /** What it is about, under the title: the customer and the site. */
  sub: ReactNode;
  onClose: () => void;
  children: ReactNode | ((close: () => void) => ReactNode);
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    ref.current?.showModal();
  }, []);
  const close = () => ref.current?.close();
  return (
    <dialog ref={ref} className="admin-dialog" aria-labelledby={titleId} onClose={onClose}>
      <h2 id={titleId}>
        {title}
        <span className="admin-dialog-sub">{sub}</span>
      </h2>
      {typeof children === "function" ? children(close) : children}
    </dialog>
  );
}

/** "Fermer", closing the dialog it is in. */
export function DialogCloseButton() {
  return (
    <form method="dialog">
      <button type="submit" className="button button-primary">
        Fermer
      </button>
    </form>
  );
}

/** The reason the agency gives the customer for an action, e-mailed to them. */
export function ReasonField({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <>
      <label htmlFor={id}>Raison (envoyée au client par e-mail)</label>
      <textarea
        id={id}
        rows={3}
        maxLength={500}
        required
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </>
  );
}

/** A dialog form's confirming button, then "Annuler" that closes it. */
export function DialogActions({ submitLabel, onCancel }: { submitLabel: string; onCancel: () => void }) {
  return (
    <div className="admin-actions admin-dialog-actions">
      <button type="submit" className="is-primary">
        {submitLabel}
      </button>
      <button type="button" onClick={onCancel}>
        Annuler
      </button>
    </div>
  );
}
