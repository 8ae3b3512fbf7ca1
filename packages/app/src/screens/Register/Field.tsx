import { Flex, Text, TextField } from '@radix-ui/themes';
import { useId } from 'react';

export interface FieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'email' | 'password' | 'tel';
  autoComplete?: string;
  required?: boolean;
  hint?: string;
}

/** A labelled text field; required ones say so in words, not only with a mark. */
export function Field({ label, value, onChange, type = 'text', autoComplete, required = false, hint }: FieldProps) {
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
        autoComplete={autoComplete}
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
