export { AdminMenu, type AdminMenuProps } from './AdminMenu';
