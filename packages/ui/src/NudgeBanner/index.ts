export { NudgeBanner, type NudgeBannerProps } from './NudgeBanner';
