export type { DetailPanelField, DetailPanelLayoutProps, DetailPanelProps } from './DetailPanel';
export { DetailPanel, DetailPanelLayout } from './DetailPanel';
