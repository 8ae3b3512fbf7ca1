export { AdminMenu, type AdminMenuProps, preloadAdminMenu } from './AdminMenu';
