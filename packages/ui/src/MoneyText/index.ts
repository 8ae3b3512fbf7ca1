export type { MoneyTextProps, MoneyTone } from './MoneyText';
export { MoneyText } from './MoneyText';
