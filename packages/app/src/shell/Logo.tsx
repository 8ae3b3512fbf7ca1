import { Text } from '@radix-ui/themes';
import { Link } from 'react-router-dom';

/** The vault-style mark: a safe door with its dial. Decorative; the link around it carries the name. */
export function LogoMark({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect x="2" y="3" width="28" height="26" rx="5" fill="var(--accent-9)" />
      <rect
        x="5.5"
        y="6.5"
        width="21"
        height="19"
        rx="3"
        fill="none"
        stroke="var(--accent-contrast)"
        strokeWidth="1.6"
      />
      <circle cx="16" cy="16" r="5" fill="none" stroke="var(--accent-contrast)" strokeWidth="1.8" />
      <path d="M16 11v2.2M16 18.8V21M11 16h2.2M18.8 16H21" stroke="var(--accent-contrast)" strokeWidth="1.6" />
    </svg>
  );
}

/** The logo and the product name, linking home: the header of the pages outside the shell. */
export function HomeLink() {
  return (
    <Link
      to="/"
      aria-label="Vault home"
      style={{ display: 'inline-flex', alignItems: 'center', gap: 8, color: 'inherit', textDecoration: 'none' }}
    >
      <LogoMark size={32} />
      <Text weight="bold" size="5">
        Vault
      </Text>
    </Link>
  );
}
