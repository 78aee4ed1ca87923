import { Link } from "react-router";
import { paths } from "../../config/paths";
import { publicConfig } from "../../config/public-config";

/** The company mark (a wave over the lagoon) and name, linking home. */
export function Brand({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <Link to={paths.home()} className="brand" onClick={onNavigate}>
      <svg
        className="brand-mark"
        viewBox="0 0 32 32"
        width="32"
        height="32"
        fill="none"
        strokeWidth="2.2"
        strokeLinecap="round"
        aria-hidden="true"
        focusable="false"
      >
        <circle cx="16" cy="16" r="16" fill="#0a5c73" />
        <circle cx="20" cy="11" r="4" fill="#ff6b35" />
        <path d="M6 19c2.5-2.5 5-2.5 7.5 0s5 2.5 7.5 0 3.5-2 5-1" stroke="#ffffff" />
        <path d="M8 24c2-2 4-2 6 0s4 2 6 0 3-1.6 4-.8" stroke="#7fd8e0" />
      </svg>
      <span className="brand-name">{publicConfig.COMPANY_NAME}</span>
    </Link>
  );
}
