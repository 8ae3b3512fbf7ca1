import { useId } from 'react';

export interface LogoProps {
  /** Width and height in CSS pixels. */
  size?: number;
  className?: string;
}

/**
 * Vault's mark, the one drawing of it: a vault door (ring, dial and bolts) in the accent colour.
 * It names itself ('Vault'), so a link around it needs no other name.
 */
export function Logo({ size = 28, className }: LogoProps) {
  const titleId = useId();
  return (
    <svg className={className} role="img" aria-labelledby={titleId} width={size} height={size} viewBox="0 0 32 32">
      <title id={titleId}>Vault</title>
      <rect x="2" y="2" width="28" height="28" rx="7" fill="var(--accent-9)" />
      <circle cx="16" cy="16" r="9" fill="none" stroke="var(--accent-contrast)" strokeWidth="2" />
      <circle cx="16" cy="16" r="3.2" fill="var(--accent-contrast)" />
      <path
        d="M16 7v3.5M16 21.5V25M7 16h3.5M21.5 16H25"
        stroke="var(--accent-contrast)"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </svg>
  );
}
