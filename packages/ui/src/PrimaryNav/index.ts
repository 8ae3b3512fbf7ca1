export { PrimaryNav, type PrimaryNavProps } from './PrimaryNav';
