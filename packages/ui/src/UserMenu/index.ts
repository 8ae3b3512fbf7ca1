export { type Appearance, UserMenu, type UserMenuProps } from './UserMenu';
