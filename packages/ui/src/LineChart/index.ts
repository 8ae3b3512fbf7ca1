export type { LineChartPoint, LineChartProps } from './LineChart';
export { LineChart } from './LineChart';
