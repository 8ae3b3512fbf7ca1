export { type Appearance, preloadUserMenu, UserMenu, type UserMenuProps } from './UserMenu';
