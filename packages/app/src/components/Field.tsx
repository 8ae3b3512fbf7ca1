import { Flex, Text, TextField } from '@radix-ui/themes';
import { useId, useLayoutEffect, useRef } from 'react';

export interface FieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'email' | 'password' | 'tel';
  /** The form field's name, for password managers and autofill. */
  name?: string;
  autoComplete?: string;
  placeholder?: string;
  required?: boolean;
  hint?: string;
}

/**
 * A labelled text field of the app's forms (sign-in, admin login, registration); required ones
 * say so in words, not only with a mark.
 */
export function Field({
  label,
  value,
  onChange,
  type = 'text',
  name,
  autoComplete,
  placeholder,
  required = false,
  hint,
}: FieldProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  // On a prerendered page a visitor (or a password manager) can type before the app hydrates: the
  // text is in the field but not in the form's state, and the next render would wipe it. Once, on
  // mount, the field's own text is taken as the value (docs/decisions.md (19)).
  const typedEarly = useRef({ value, onChange });
  useLayoutEffect(() => {
    const text = input.current?.value;
    if (text !== undefined && text !== typedEarly.current.value) typedEarly.current.onChange(text);
  }, []);
  return (
    <Flex direction="column" gap="1">
      <Text as="label" htmlFor={id} size="2" weight="medium">
        {label}
        {required ? (
          <Text color="gray" weight="regular">
            {' '}
            (required)
          </Text>
        ) : null}
      </Text>
      <TextField.Root
        ref={input}
        id={id}
        type={type}
        name={name}
        autoComplete={autoComplete}
        placeholder={placeholder}
        aria-required={required || undefined}
        aria-describedby={hint ? `${id}-hint` : undefined}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
      {hint ? (
        <Text id={`${id}-hint`} size="1" color="gray">
          {hint}
        </Text>
      ) : null}
    </Flex>
  );
}
