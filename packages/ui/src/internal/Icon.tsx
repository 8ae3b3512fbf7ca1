import type { ReactNode } from 'react';

/**
 * A decorative line icon on a 15×15 grid, drawn in the text colour (`currentColor` in its paths)
 * and shown at `size` px. Hidden from assistive technology: the text beside it says what it means.
 */
export function Icon({ size, className, children }: { size: number; className?: string; children: ReactNode }) {
  return (
    <svg
      className={className}
      width={size}
      height={size}
      viewBox="0 0 15 15"
      fill="none"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

/** The check mark of a pressed filter pill and of an audited opportunity. */
export function CheckIcon({ className }: { className?: string }) {
  return (
    <Icon size={12} className={className}>
      <path d="M3 8 L6 11 L12 4" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </Icon>
  );
}
