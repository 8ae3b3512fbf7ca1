import { Flex, Text, TextField } from '@radix-ui/themes';
import { useId } from 'react';

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
