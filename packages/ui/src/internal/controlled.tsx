import { type ComponentType, useState } from 'react';

interface ValueProps<V> {
  value: V;
  onChange: (value: V) => void;
}

/**
 * For stories: the component with its value held like a screen would hold it, still reporting
 * every change to the story's `onChange` spy.
 */
export function controlled<V, P extends ValueProps<V>>(Component: ComponentType<P>) {
  return function Controlled(args: P) {
    const [value, setValue] = useState(args.value);
    return (
      <Component
        {...args}
        value={value}
        onChange={(next: V) => {
          setValue(next);
          args.onChange(next);
        }}
      />
    );
  };
}
