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

/**
 * Radix Themes' utility classes the prerendered pages use, by family: the layout props of Radix
 * components (`gap="3"`, `mt="6"`, `md:columns`) become classes `rt-r-<family>-<value>`, each with
 * a variant per breakpoint (`md:rt-r-gtc-2`). A family's every value and breakpoint goes in the first
 * page's CSS; Radix's whole utilities.css follows once the app runs (deferredStyles.ts).
 * A utility class a prerendered page renders but this list lacks fails the build's prerender step.
 */
const landingUtilities = [
  'gap', // gap
  'fd', // flex-direction
  'fw', // flex-wrap
  'ai', // align-items
  'jc', // justify-content
  'gtc', // grid-template-columns
  'p',
  'px',
  'py',
  'mt',
  'mb',
  'min-h',
  'weight', // font-weight
] as const;

/** The query that picks a part of components.css: `@radix-ui/themes/components.css?part=landing`. */
export type RadixComponentsPart = 'landing' | 'rest';

/**
 * The rules of a Radix Themes stylesheet that style `part`: a rule goes with the landing part when
 * any component it names is in `landingComponents`, or when it names none (resets, theme-wide
 * rules, keyframes); otherwise with the rest. @media and @supports blocks are split rule by rule.
 */
export function radixComponentsPart(css: string, part: RadixComponentsPart): string {
  const landing = new Set<string>(landingComponents);
  const belongsToLanding = (selector: string) => {
    const names = [...selector.matchAll(/\.rt-([A-Z][A-Za-z]*)/g)].map((m) => m[1] ?? '');
    return names.length === 0 || names.some((name) => landing.has(name));
  };
  return rulesWhere(css, (selector) => belongsToLanding(selector) === (part === 'landing'), part === 'landing');
}

/**
 * The rules of Radix Themes' utilities.css for the first page's CSS: those of the families in
 * `landingUtilities` and those that name no utility class. The other utilities come later with
 * the whole file, which repeats these in the same order and layer, so the cascade ends up exactly
 * as with the whole file alone.
 */
export function radixLandingUtilities(css: string): string {
  const ofLandingFamily = (name: string) =>
    landingUtilities.some((family) => name === `rt-r-${family}` || name.startsWith(`rt-r-${family}-`));
  return rulesWhere(
    css,
    (selector) => {
      const names = utilityClasses(selector);
      return names.length === 0 || names.some(ofLandingFamily);
    },
    true,
  );
}

/**
 * The utility classes among `classNames` (as a page's HTML has them: `md:rt-r-gtc-2`) that Radix's
 * utilities.css (`utilitiesCss`) styles but its landing part does not: for the prerender step,
 * which fails the build on any.
 */
export function utilitiesMissingFromLanding(classNames: readonly string[], utilitiesCss: string): string[] {
  const styled = (css: string) =>
    new Set([...css.matchAll(/\.((?:\w+\\:)?rt-r-[\w-]+)/g)].map((m) => (m[1] ?? '').replace('\\:', ':')));
  const all = styled(utilitiesCss);
  const landing = styled(radixLandingUtilities(utilitiesCss));
  return [...new Set(classNames)].filter((name) => all.has(name) && !landing.has(name));
}

/** The utility classes a selector names, breakpoint prefix dropped: `.md\\:rt-r-gtc-2` → 'rt-r-gtc-2'. */
function utilityClasses(selector: string): string[] {
  return [...selector.matchAll(/rt-r-[\w-]+/g)].map((m) => m[0]);
}

/**
 * The rules of a stylesheet whose selector `keep`s, with @media/@supports/@container/@layer blocks
 * filtered rule by rule; statements (@charset) and other at-rules (@keyframes, @font-face) only
 * `withAtRules`. A plain brace walker: Radix's built CSS has no braces inside strings or comments
 * that matter here.
 */
function rulesWhere(css: string, keep: (selector: string) => boolean, withAtRules: boolean): string {
  return blocks(css)
    .map(({ prelude, body }) => {
      if (body === null) return withAtRules ? prelude : '';
      if (/^@(media|supports|container|layer)\b/.test(prelude)) {
        const inner = blocks(body)
          .filter((rule) => rule.body !== null && keep(rule.prelude))
          .map((rule) => `${rule.prelude}{${rule.body}}`)
          .join('\n');
        return inner ? `${prelude}{${inner}}` : '';
      }
      if (prelude.startsWith('@')) return withAtRules ? `${prelude}{${body}}` : '';
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
