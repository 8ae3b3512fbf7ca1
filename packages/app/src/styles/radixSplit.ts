/**
 * Radix Themes' component styles come in two parts (vite.config.ts splits components.css by rule):
 * the components the prerendered public pages use, in the first page's CSS, and every other
 * component, loaded with the signed-in shell and the other screens. Names are Radix's class names
 * without `rt-` (`.rt-TextFieldRoot` → 'TextFieldRoot'). A component a prerendered page renders
 * but this list lacks fails the build's prerender step (scripts/prerender.mjs).
 */
export const landingComponents = [
  // Layout
  'Box',
  'Flex',
  'Grid',
  'Container',
  'ContainerInner',
  'Section',
  // Forms and actions of the sign-in, registration and admin pages
  'BaseButton',
  'Button',
  'Spinner',
  'SpinnerLeaf',
  'BaseCard',
  'Card',
  'BaseCheckboxRoot',
  'BaseCheckboxIndicator',
  'CheckboxRoot',
  'TextFieldRoot',
  'TextFieldInput',
  'TextFieldSlot',
  'RadioCardsRoot',
  'RadioCardsItem',
  'ProgressRoot',
  'ProgressIndicator',
  // Text, links and messages (the 404 and crash pages too)
  'Heading',
  'Text',
  'Link',
  'Strong',
  'Em',
  'Code',
  'Separator',
  'CalloutRoot',
  'CalloutIcon',
  'Skeleton',
] as const;

/** The query that picks a part of components.css: `@radix-ui/themes/components.css?part=landing`. */
export type RadixComponentsPart = 'landing' | 'rest';

/**
 * The rules of a Radix Themes stylesheet that style `part`: a rule goes with the landing part when
 * any component it names is in `landingComponents`, or when it names none (resets, theme-wide
 * rules, keyframes); otherwise with the rest. @media and @supports blocks are split rule by rule.
 * A plain brace walker: Radix's built CSS has no braces inside strings or comments that matter here.
 */
export function radixComponentsPart(css: string, part: RadixComponentsPart): string {
  const landing = new Set<string>(landingComponents);
  const belongsToLanding = (selector: string) => {
    const names = [...selector.matchAll(/\.rt-([A-Z][A-Za-z]*)/g)].map((m) => m[1] ?? '');
    return names.length === 0 || names.some((name) => landing.has(name));
  };
  const keep = (selector: string) => belongsToLanding(selector) === (part === 'landing');
  return blocks(css)
    .map(({ prelude, body }) => {
      if (body === null) return part === 'landing' ? prelude : '';
      if (/^@(media|supports|container|layer)\b/.test(prelude)) {
        const inner = blocks(body)
          .filter((rule) => rule.body !== null && keep(rule.prelude))
          .map((rule) => `${rule.prelude}{${rule.body}}`)
          .join('\n');
        return inner ? `${prelude}{${inner}}` : '';
      }
      if (prelude.startsWith('@')) return part === 'landing' ? `${prelude}{${body}}` : '';
      return keep(prelude) ? `${prelude}{${body}}` : '';
    })
    .filter(Boolean)
    .join('\n');
}

/** Top-level `prelude { body }` blocks and `statement;`s (body null) of a stylesheet, comments dropped. */
function blocks(css: string): { prelude: string; body: string | null }[] {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  const out: { prelude: string; body: string | null }[] = [];
  let start = 0;
  let depth = 0;
  let open = -1;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (char === '{') {
      if (depth === 0) open = i;
      depth += 1;
    } else if (char === '}') {
      depth -= 1;
      if (depth === 0) {
        out.push({ prelude: text.slice(start, open).trim(), body: text.slice(open + 1, i) });
        start = i + 1;
      }
    } else if (char === ';' && depth === 0) {
      // A statement at the top (@charset, @import): kept with the landing part.
      out.push({ prelude: text.slice(start, i + 1).trim(), body: null });
      start = i + 1;
    }
  }
  return out;
}
