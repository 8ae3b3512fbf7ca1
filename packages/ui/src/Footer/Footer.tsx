import { COPYRIGHT_YEAR, type FooterLink, footerLinks } from '@vault/domain';
import { type NavigateHandler, navigateOnClick } from '../internal/navigate';
import { cx, type RootProps } from '../internal/props';
import * as styles from './Footer.css';

/** Own props, plus every native prop of the root `<footer>` (className, style, id, data-*, aria-*, ref). */
export interface FooterProps extends RootProps<'footer', 'children'> {
  /** Links to show; the domain's `footerLinks` by default. A null href is a placeholder. */
  links?: readonly FooterLink[];
  /** Called with the href on a plain click, for client-side routing. */
  onNavigate?: NavigateHandler;
  /** Called with the label when someone activates a placeholder, e.g. to show a 'coming soon' toast. */
  onUnavailable?: (label: string) => void;
}

/**
 * The shell footer: copyright line and footer links. Placeholder links (no page yet) are buttons
 * marked aria-disabled with a visible 'coming soon' note, so keyboard and screen-reader users learn
 * they lead nowhere yet instead of meeting a dead link.
 *
 * When to use: at the bottom of every page (AppShell includes it).
 *
 * When not: for page-specific links.
 */
export function Footer({ links = footerLinks, onNavigate, onUnavailable, className, ...rest }: FooterProps) {
  return (
    <footer {...rest} className={cx(styles.footer, className)}>
      <p className={styles.copyright}>© {COPYRIGHT_YEAR} Vault. All rights reserved.</p>
      <nav aria-label="Footer">
        <ul className={styles.list}>
          {links.map((link) => (
            <li key={link.label}>
              {link.href === null ? (
                <button
                  type="button"
                  className={styles.placeholder}
                  aria-disabled="true"
                  onClick={() => onUnavailable?.(link.label)}
                >
                  {link.label} <span className={styles.note}>(coming soon)</span>
                </button>
              ) : (
                <a href={link.href} className={styles.link} onClick={navigateOnClick(link.href, onNavigate)}>
                  {link.label}
                </a>
              )}
            </li>
          ))}
        </ul>
      </nav>
    </footer>
  );
}
