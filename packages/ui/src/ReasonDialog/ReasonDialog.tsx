import { Button, Callout, Dialog, RadioGroup, Spinner, TextArea } from '@radix-ui/themes';
import { type FormEvent, type ReactNode, type RefObject, useId, useRef, useState } from 'react';
import { cx } from '../internal/props';
import * as styles from './ReasonDialog.css';

export interface ReasonDialogProps {
  /** Whether the dialog is shown. The typed reason lives as long as the dialog stays open. */
  open: boolean;
  /** Cancel, Escape or a click outside: the caller closes the dialog (sets `open` to false). */
  onCancel: () => void;
  /** Confirm with the trimmed reason ('' when not required and left empty). */
  onConfirm: (reason: string) => void;
  /** e.g. 'Reject KYC for Ada Lovelace'. */
  title: string;
  /** What the action does, e.g. 'The member is told the reason and may not start again.' */
  description?: ReactNode;
  /** The textarea's label; 'Reason' by default. */
  reasonLabel?: string;
  /** A reason is required (true by default): Confirm with an empty one shows 'A reason is required'. */
  required?: boolean;
  /** The message shown when a required reason is missing; 'A reason is required' by default. */
  requiredMessage?: string;
  /** The longest reason accepted (the textarea's maxLength). */
  maxLength?: number;
  /** The confirm button's text, e.g. 'Reject'. */
  confirmLabel: string;
  /** Shown in the confirm button while `pending`; `${confirmLabel}…` by default, e.g. 'Reject…'. */
  pendingLabel?: string;
  /** 'Cancel' by default. */
  cancelLabel?: string;
  /** 'red' for a destructive action (the default), 'accent' otherwise. */
  tone?: 'danger' | 'accent';
  /** The call is running: Confirm is disabled and shows a spinner with `pendingLabel`. */
  pending?: boolean;
  /** The call failed: the message is shown inside the dialog and the typed reason is kept. */
  error?: ReactNode;
  /** The reason the textarea starts with (e.g. a draft). */
  defaultReason?: string;
  /**
   * An extra field shown between the description and the reason, e.g. a `ReasonDialogChoice` of
   * the new status. It brings its own visible label; its value is the caller's state.
   */
  children?: ReactNode;
  className?: string;
}

/**
 * The form inside the dialog: its own component so the typed reason resets each time the dialog
 * opens (Radix unmounts the content on close) and survives every re-render while it is open,
 * including an error answer.
 */
function ReasonForm({
  onCancel,
  onConfirm,
  reasonLabel,
  required,
  requiredMessage,
  maxLength,
  confirmLabel,
  pendingLabel,
  cancelLabel,
  tone,
  pending,
  error,
  defaultReason,
  textareaRef,
  children,
}: Required<
  Pick<
    ReasonDialogProps,
    | 'onCancel'
    | 'onConfirm'
    | 'reasonLabel'
    | 'required'
    | 'requiredMessage'
    | 'confirmLabel'
    | 'cancelLabel'
    | 'tone'
    | 'pending'
  >
> &
  Pick<ReasonDialogProps, 'maxLength' | 'pendingLabel' | 'error' | 'defaultReason' | 'children'> & {
    textareaRef: RefObject<HTMLTextAreaElement | null>;
  }) {
  const [reason, setReason] = useState(defaultReason ?? '');
  const [showMissing, setShowMissing] = useState(false);
  const fieldId = useId();
  const messageId = `${fieldId}-message`;
  const hasError = error !== undefined && error !== null && error !== false;
  const missing = required && reason.trim() === '';

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    if (missing) {
      setShowMissing(true);
      textareaRef.current?.focus();
      return;
    }
    onConfirm(reason.trim());
  }

  return (
    <form onSubmit={submit} noValidate className={styles.form}>
      {children}
      <div className={styles.field}>
        <label htmlFor={fieldId} className={styles.label}>
          {required ? `${reasonLabel} (required)` : reasonLabel}
        </label>
        <TextArea
          ref={textareaRef}
          id={fieldId}
          name="reason"
          rows={4}
          value={reason}
          maxLength={maxLength}
          required={required}
          aria-invalid={showMissing && missing ? true : undefined}
          aria-describedby={showMissing && missing ? messageId : undefined}
          onChange={(event) => setReason(event.currentTarget.value)}
        />
        {showMissing && missing && (
          <p id={messageId} className={styles.fieldMessage}>
            {requiredMessage}
          </p>
        )}
      </div>
      {hasError && (
        <Callout.Root color="red" role="alert" size="1">
          <Callout.Text>{error}</Callout.Text>
        </Callout.Root>
      )}
      <div className={styles.buttons}>
        <Button type="button" variant="outline" color="gray" onClick={onCancel}>
          {cancelLabel}
        </Button>
        <Button
          type="submit"
          // Radix's solid red under white text falls short of 4.5:1; the soft red meets it.
          color={tone === 'danger' ? 'red' : undefined}
          variant={tone === 'danger' ? 'soft' : 'solid'}
          disabled={pending}
          aria-busy={pending || undefined}
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
    </form>
  );
}

/**
 * A modal dialog for an action that needs a reason (Reject, Request resubmission): a labelled
 * textarea, a visible 'A reason is required' when it is left empty, Confirm and Cancel. While the
 * call runs Confirm is disabled; a failed call's message shows inside the dialog and the typed
 * reason stays. Escape cancels; focus stays inside and returns to where it was on close.
 *
 * When to use: before a console action that records a reason or a note.
 *
 * When not: for a plain yes/no confirmation without text, or for a longer form.
 */
export function ReasonDialog({
  open,
  onCancel,
  onConfirm,
  title,
  description,
  reasonLabel = 'Reason',
  required = true,
  requiredMessage = 'A reason is required',
  maxLength,
  confirmLabel,
  pendingLabel,
  cancelLabel = 'Cancel',
  tone = 'danger',
  pending = false,
  error,
  defaultReason,
  children,
  className,
}: ReasonDialogProps) {
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  // Radix returns focus to its Trigger; this dialog is opened from anywhere, so it remembers the
  // element that had focus when it opened and returns there.
  const returnTo = useRef<HTMLElement | null>(null);
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) onCancel();
      }}
    >
      <Dialog.Content
        maxWidth="32rem"
        className={cx(styles.content, className)}
        // Without a description there is nothing to describe the dialog: say so to Radix.
        {...(description === undefined ? { 'aria-describedby': undefined } : {})}
        onOpenAutoFocus={(event) => {
          const active = document.activeElement;
          returnTo.current = active instanceof HTMLElement && active !== document.body ? active : null;
          event.preventDefault();
          textareaRef.current?.focus();
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
        <ReasonForm
          onCancel={onCancel}
          onConfirm={onConfirm}
          reasonLabel={reasonLabel}
          required={required}
          requiredMessage={requiredMessage}
          maxLength={maxLength}
          confirmLabel={confirmLabel}
          pendingLabel={pendingLabel}
          cancelLabel={cancelLabel}
          tone={tone}
          pending={pending}
          error={error}
          defaultReason={defaultReason}
          textareaRef={textareaRef}
        >
          {children}
        </ReasonForm>
      </Dialog.Content>
    </Dialog.Root>
  );
}

export interface ReasonDialogChoiceProps<V extends string> {
  /** The visible label of the group, e.g. 'New status'; it names the radio group. */
  label: string;
  /** The choices, in order; each one's label names its radio button. */
  options: readonly { value: V; label: string }[];
  value: V;
  onChange: (value: V) => void;
  /** e.g. while the call runs. */
  disabled?: boolean;
}

/**
 * One choice among a few (Operational / Under Maintenance) for the ReasonDialog's extra-field
 * slot: a labelled Radix radio group, arrow keys move the choice, each label is a tap target of
 * at least 24 px.
 */
export function ReasonDialogChoice<V extends string>({
  label,
  options,
  value,
  onChange,
  disabled,
}: ReasonDialogChoiceProps<V>) {
  const labelId = useId();
  return (
    <div className={styles.field}>
      <span id={labelId} className={styles.label}>
        {label}
      </span>
      <RadioGroup.Root
        aria-labelledby={labelId}
        value={value}
        disabled={disabled}
        onValueChange={(next) => {
          const chosen = options.find((option) => option.value === next);
          if (chosen) onChange(chosen.value);
        }}
        className={styles.choices}
      >
        {options.map((option) => (
          <RadioGroup.Item key={option.value} value={option.value} className={styles.choice}>
            {option.label}
          </RadioGroup.Item>
        ))}
      </RadioGroup.Root>
    </div>
  );
}
