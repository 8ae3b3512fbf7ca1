import { Heading, IconButton } from '@radix-ui/themes';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { Icon } from '../internal/Icon';
import { cx, mergeRefs, type RootProps } from '../internal/props';
import * as styles from './DetailPanel.css';

export interface DetailPanelField {
  label: string;
  value: ReactNode;
  /** A stable key; defaults to the label. */
  id?: string;
}

/** Own props, plus every native prop of the root `<section>` (className, style, id, data-*, aria-*, ref). */
export interface DetailPanelProps extends RootProps<'section', 'children' | 'title'> {
  /** The record's name, e.g. the member's name: the panel's heading and accessible name. */
  title: string;
  /** A line under the title, e.g. the member's email. */
  subtitle?: ReactNode;
  /** The record's facts, shown as a definition list. */
  fields: readonly DetailPanelField[];
  /** The record's actions (e.g. Approve, Reject), shown under the fields. */
  actions?: ReactNode;
  /** More content under the fields, e.g. a list of repayments. */
  children?: ReactNode;
  /** Closes the panel; focus then returns where it was when the panel opened. */
  onClose: () => void;
  /** The close button's accessible name; 'Close details' by default. */
  closeLabel?: string;
  headingLevel?: 2 | 3 | 4;
  /** Move focus to the panel's heading when it opens; true by default. */
  autoFocus?: boolean;
  className?: string;
}

function CloseIcon() {
  return (
    <Icon size={15}>
      <path d="M4 4 L11 11 M11 4 L4 11" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
    </Icon>
  );
}

/**
 * Focus moves to the panel's heading when it opens (and when it shows another record), and back
 * to the element that had it (the row's button) when the panel goes away, if that element is
 * still on the page and focus was inside the panel.
 */
function usePanelFocus(title: string, enabled: boolean) {
  const heading = useRef<HTMLHeadingElement>(null);
  const panel = useRef<HTMLElement>(null);
  const returnTo = useRef<HTMLElement | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: another record (a new title) takes focus again.
  useEffect(() => {
    if (!enabled) return;
    const active = document.activeElement;
    if (active instanceof HTMLElement && !panel.current?.contains(active)) returnTo.current = active;
    heading.current?.focus();
  }, [enabled, title]);
  useEffect(() => {
    const node = panel.current;
    return () => {
      const target = returnTo.current;
      const active = document.activeElement;
      const focusWasInside = active === null || active === document.body || (node?.contains(active) ?? false);
      if (target?.isConnected && focusWasInside) target.focus();
    };
  }, []);
  return { heading, panel };
}

/**
 * A record's details beside a console's list (below it on a narrow screen): a title, the fields
 * as a definition list, the record's actions and a close button.
 *
 * When to use: for the record selected in a ConsoleTable. Lay both out with DetailPanelLayout.
 *
 * When not: for a form (a dialog or a page), or for a confirmation (ReasonDialog).
 */
export function DetailPanel({
  title,
  subtitle,
  fields,
  actions,
  children,
  onClose,
  closeLabel = 'Close details',
  headingLevel = 2,
  autoFocus = true,
  className,
  ref,
  ...rest
}: DetailPanelProps) {
  const { heading, panel } = usePanelFocus(title, autoFocus);
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      {...rest}
      ref={mergeRefs(panel, ref)}
      className={cx(styles.root, className)}
      onKeyDown={(event) => {
        rest.onKeyDown?.(event);
        if (event.key === 'Escape' && !event.defaultPrevented) onClose();
      }}
    >
      <header className={styles.header}>
        <div className={styles.titles}>
          <Heading as={`h${headingLevel}`} size="4" id={headingId} ref={heading} tabIndex={-1} className={styles.title}>
            {title}
          </Heading>
          {subtitle !== undefined && <p className={styles.subtitle}>{subtitle}</p>}
        </div>
        <IconButton type="button" variant="ghost" color="gray" size="2" aria-label={closeLabel} onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </header>
      <dl className={styles.fields}>
        {fields.map((field) => (
          <div key={field.id ?? field.label} className={styles.field}>
            <dt className={styles.term}>{field.label}</dt>
            <dd className={styles.value}>{field.value}</dd>
          </div>
        ))}
      </dl>
      {children}
      {actions !== undefined && <div className={styles.actions}>{actions}</div>}
    </section>
  );
}

/** Own props, plus every native prop of the root `<div>`. */
export interface DetailPanelLayoutProps extends RootProps<'div', 'children'> {
  /** The list: a FilterBar and a ConsoleTable. */
  list: ReactNode;
  /** The selected record's DetailPanel, or nothing. */
  detail?: ReactNode;
  className?: string;
}

/**
 * The list with its detail panel: side by side from 1024 px, the panel below the list on narrower
 * screens.
 */
export function DetailPanelLayout({ list, detail, className, ...rest }: DetailPanelLayoutProps) {
  const open = detail !== undefined && detail !== null && detail !== false;
  return (
    <div {...rest} className={cx(styles.layout, open && styles.layoutOpen, className)}>
      <div className={styles.layoutList}>{list}</div>
      {open && <div className={styles.layoutDetail}>{detail}</div>}
    </div>
  );
}
