export { Header, type HeaderProps } from './Header';
export { Logo, type LogoProps } from './Logo';
