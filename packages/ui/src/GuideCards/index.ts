export { GuideCards, type GuideCardsProps } from './GuideCards';
