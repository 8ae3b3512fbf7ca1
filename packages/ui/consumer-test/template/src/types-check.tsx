// Type-checked with tsc --noEmit only (never bundled): the published declarations must describe
// the component's real props, so correct use compiles and wrong use is an error.
import { readiness, type User } from '@vault/domain';
import { ReadinessCard, type ReadinessCardProps } from '@vault/ui';

const user: User = {
  id: 'u',
  name: 'N',
  email: 'n@example.com',
  role: 'investor',
  kycStatus: 'approved',
  firstOnrampOk: true,
};

const props: ReadinessCardProps = {
  readiness: readiness(user),
  onNavigate: (href: string) => console.log(href),
};

export const ok = <ReadinessCard {...props} headingLevel={3} />;

// @ts-expect-error: `readiness` is required; if the types were `any`, this line would not error.
export const missingProp = <ReadinessCard onNavigate={() => {}} />;

// @ts-expect-error: headingLevel is 2, 3 or 4.
export const wrongLevel = <ReadinessCard {...props} headingLevel={7} />;
