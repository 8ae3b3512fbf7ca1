import { Callout, Flex, Text, TextField } from '@radix-ui/themes';
import type { ReactNode } from 'react';

const selectStyle = {
  minHeight: '2rem',
  font: 'inherit',
  padding: '0 var(--space-2)',
  borderRadius: 'var(--radius-2)',
};

interface FieldProps {
  id: string;
  label: string;
  error: string | undefined;
  children: (props: {
    id: string;
    'aria-invalid': true | undefined;
    'aria-describedby': string | undefined;
  }) => ReactNode;
}

/** A labelled control of a lifecycle form with its error beside it (and named by it). */
export function FormField({ id, label, error, children }: FieldProps) {
  return (
    <Flex direction="column" gap="1">
      <Text as="label" htmlFor={id} size="2" weight="medium">
        {label}
      </Text>
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': error ? `${id}-error` : undefined,
      })}
      {error ? (
        <Text id={`${id}-error`} size="1" color="red">
          {error}
        </Text>
      ) : null}
    </Flex>
  );
}

/** A text (or date) input of a lifecycle form: `value` and `onChange` over the typed string. */
export function TextInput({
  value,
  onChange,
  type = 'text',
  inputMode,
  max,
  ...props
}: {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'date';
  inputMode?: 'decimal' | 'numeric';
  max?: string;
}) {
  return (
    <TextField.Root
      {...props}
      data-field={props.id}
      type={type}
      inputMode={inputMode}
      max={max}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

/** A native select of a lifecycle form. */
export function SelectInput({
  value,
  onChange,
  options,
  ...props
}: {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
}) {
  return (
    <select
      {...props}
      data-field={props.id}
      style={selectStyle}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    >
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
}

/** Moves the focus to the first field at fault: `${base}-${key}`, in the order of `keys`. */
export function focusFirst(base: string, keys: readonly string[], errors: Readonly<Partial<Record<string, string>>>) {
  const first = keys.find((key) => errors[key] !== undefined);
  if (first) requestAnimationFrame(() => document.getElementById(`${base}-${first}`)?.focus());
}

/** A refusal of the server no field owns, above a form's button. */
export function FormError({ message }: { message: string | null }) {
  return message ? (
    <Callout.Root color="red" role="alert" size="1">
      <Callout.Text>{message}</Callout.Text>
    </Callout.Root>
  ) : null;
}
