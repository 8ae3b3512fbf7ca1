import { Button, Callout, Dialog, Spinner } from '@radix-ui/themes';
import { type ReactNode, useRef } from 'react';
import { cx } from '../internal/props';
import * as styles from './SummaryDialog.css';

export interface SummaryDialogField {
  label: string;
  value: ReactNode;
}

export interface SummaryDialogProps {
  open: boolean;
  /** Cancel, Escape or a click outside: the caller closes the dialog. */
  onCancel: () => void;
  onConfirm: () => void;
  /** e.g. 'Confirm Ada Lovelace's subscription'. */
  title: string;
  /** What the action does, e.g. 'The units are issued and the money held is posted.' */
  description?: ReactNode;
  /** What the decision is about, shown before the buttons: amount, investor, evidence… */
  fields: readonly SummaryDialogField[];
  /** The confirm button's text, e.g. 'Confirm' or 'Approve'. */
  confirmLabel: string;
  /** Shown in the confirm button while `pending`; `${confirmLabel}…` by default. */
  pendingLabel?: string;
  cancelLabel?: string;
  /** The call is running: Confirm is disabled and shows a spinner. */
  pending?: boolean;
  /** The call failed: its message inside the dialog, which stays open. */
  error?: ReactNode;
  className?: string;
}

/**
 * A modal summary before a decision that needs no text (Confirm, Approve, Close): what is decided,
 * as label and value pairs, then Confirm and Cancel. Confirm has the focus when it opens; a failed
 * call's message shows inside; Escape cancels and the focus returns where it was.
 *
 * When to use: before a console action whose effect is hard to undo, so its facts are read first.
 *
 * When not: when the action records a reason (ReasonDialog).
 */
export function SummaryDialog({
  open,
  onCancel,
  onConfirm,
  title,
  description,
  fields,
  confirmLabel,
  pendingLabel,
  cancelLabel = 'Cancel',
  pending = false,
  error,
  className,
}: SummaryDialogProps) {
  const confirmRef = useRef<HTMLButtonElement>(null);
  const returnTo = useRef<HTMLElement | null>(null);
  const hasError = error !== undefined && error !== null && error !== false;
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) onCancel();
      }}
    >
      <Dialog.Content
        maxWidth="32rem"
        className={cx(className)}
        {...(description === undefined ? { 'aria-describedby': undefined } : {})}
        onOpenAutoFocus={(event) => {
          const active = document.activeElement;
          returnTo.current = active instanceof HTMLElement && active !== document.body ? active : null;
          event.preventDefault();
          confirmRef.current?.focus();
        }}
        onCloseAutoFocus={(event) => {
          const target = returnTo.current;
          if (target?.isConnected) {
            event.preventDefault();
            target.focus();
          }
        }}
      >
        <Dialog.Title>{title}</Dialog.Title>
        {description !== undefined && (
          <Dialog.Description size="2" color="gray">
            {description}
          </Dialog.Description>
        )}
        <dl className={styles.fields}>
          {fields.map((field) => (
            <div key={field.label} className={styles.field}>
              <dt className={styles.term}>{field.label}</dt>
              <dd className={styles.value}>{field.value}</dd>
            </div>
          ))}
        </dl>
        {hasError && (
          <Callout.Root color="red" role="alert" size="1" className={styles.error}>
            <Callout.Text>{error}</Callout.Text>
          </Callout.Root>
        )}
        <div className={styles.buttons}>
          <Button type="button" variant="outline" color="gray" onClick={onCancel}>
            {cancelLabel}
          </Button>
          <Button
            ref={confirmRef}
            type="button"
            disabled={pending}
            aria-busy={pending || undefined}
            onClick={() => {
              if (!pending) onConfirm();
            }}
          >
            {pending ? (
              <>
                <Spinner size="1" />
                {pendingLabel ?? `${confirmLabel}…`}
              </>
            ) : (
              confirmLabel
            )}
          </Button>
        </div>
      </Dialog.Content>
    </Dialog.Root>
  );
}
