import type { ReactNode } from "react";

/** The title band at the top of an inner page. */
export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <header className="page-header">
      <div className="container">
        <h1>{title}</h1>
        {children ? <div className="page-header-lead">{children}</div> : null}
      </div>
    </header>
  );
}
