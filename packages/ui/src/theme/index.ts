// Internal to @vault/ui: components import `vars` from here; the barrel never re-exports it
// (docs/toolchain.md: .css.ts values must not cross the package boundary).
export { vars } from './contract.css';
export { focusRing, visuallyHidden } from './utilities.css';
