import { Button, Text } from '@radix-ui/themes';
import { type KeyboardEvent, useRef } from 'react';
import { CheckIcon } from '../internal/Icon';
import { cx, type RootProps } from '../internal/props';
import { visuallyHidden } from '../theme';
import * as styles from './FilterPills.css';

/** Own props, plus every native prop of the root `<fieldset>` (className, style, id, data-*, aria-*, ref). */
export interface FilterPillsProps<Option extends string = string>
  extends RootProps<'fieldset', 'children' | 'onChange'> {
  /** Names the group, e.g. 'Category' or 'Region'. */
  label: string;
  /** Hide the label on screen; it still names the group. */
  labelHidden?: boolean;
  options: readonly Option[];
  /** The selected option. */
  value: Option;
  /** Called with the option a person picks (not when they pick the one already selected). */
  onChange: (value: Option) => void;
  className?: string;
}

/**
 * A labelled group (fieldset and legend) of toggle pills where exactly one is pressed
 * (`aria-pressed`). Every pill
 * is a button in the tab order; the arrow keys, Home and End also move between them. The
 * pressed pill is marked by a check as well as by colour.
 *
 * When to use: for a few mutually exclusive filters over a list, visible at once (categories,
 * regions).
 *
 * When not: for more than about eight options or several choices at once (use a select or
 * checkboxes).
 */
export function FilterPills<Option extends string = string>({
  label,
  labelHidden = false,
  options,
  value,
  onChange,
  className,
  ...rest
}: FilterPillsProps<Option>) {
  const listRef = useRef<HTMLUListElement>(null);

  const focusPill = (index: number) => {
    const buttons = listRef.current?.querySelectorAll<HTMLButtonElement>('button');
    if (!buttons || buttons.length === 0) return;
    const wrapped = (index + buttons.length) % buttons.length;
    buttons[wrapped]?.focus();
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowDown: index + 1,
      ArrowLeft: index - 1,
      ArrowUp: index - 1,
      Home: 0,
      End: options.length - 1,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    focusPill(next);
  };

  return (
    <fieldset {...rest} className={cx(styles.group, className)}>
      <Text as="span" size="2" weight="medium" asChild>
        <legend className={labelHidden ? visuallyHidden : styles.label}>{label}</legend>
      </Text>
      <ul className={styles.pills} ref={listRef}>
        {options.map((option, index) => {
          const pressed = option === value;
          return (
            <li key={option}>
              <Button
                type="button"
                size="2"
                radius="full"
                variant={pressed ? 'solid' : 'soft'}
                color={pressed ? undefined : 'gray'}
                highContrast={!pressed}
                aria-pressed={pressed}
                className={styles.pill}
                onClick={() => {
                  if (!pressed) onChange(option);
                }}
                onKeyDown={(event) => handleKeyDown(event, index)}
              >
                {pressed ? <CheckIcon /> : null}
                {option}
              </Button>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
