import type { ComponentPropsWithRef, ElementType, Ref, RefCallback } from 'react';

/**
 * The native props of a component's root element, as Radix Themes and Primer type them: every
 * attribute of that element (id, style, data-*, aria-*, event handlers) and, React 19, `ref`.
 * `Omitted` lists the names the component defines itself or renders itself (e.g. `children`).
 * `color` is left out too: Radix components use it for their palette, not the HTML attribute.
 */
export type RootProps<E extends ElementType, Omitted extends PropertyKey = never> = Omit<
  ComponentPropsWithRef<E>,
  'color' | Omitted
>;

/**
 * Our class name, then the consumer's: both apply. Every @vault/ui rule is one class and our
 * stylesheet is meant to load before the app's, so the consumer's rule of equal specificity wins
 * (see packages/ui/README.md, "Styling a component").
 */
export function cx(...names: (string | false | null | undefined)[]): string | undefined {
  const joined = names.filter(Boolean).join(' ');
  return joined === '' ? undefined : joined;
}

/** One ref callback that fills several refs: the component's own and the consumer's. */
export function mergeRefs<T>(...refs: (Ref<T> | undefined)[]): RefCallback<T> {
  return (value) => {
    for (const ref of refs) {
      if (typeof ref === 'function') ref(value);
      else if (ref) ref.current = value;
    }
  };
}
