export type { QueueLink, QueueLinksProps } from './QueueLinks';
export { QueueLinks } from './QueueLinks';
