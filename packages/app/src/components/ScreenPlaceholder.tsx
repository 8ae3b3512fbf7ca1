import { ComingSoon, PageHeader } from '@vault/ui';

/** A screen that is not built yet: its route title and 'Coming soon'. */
export function ScreenPlaceholder({ title }: { title: string }) {
  return (
    <>
      <PageHeader title={title} />
      <ComingSoon title={title} description="Coming soon" headingLevel={2} />
    </>
  );
}
