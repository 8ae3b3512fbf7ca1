import { ComingSoonScreen } from '../../components/ComingSoonScreen';

/** /investments: coming soon (SPEC.md 2). */
export default function InvestmentsScreen() {
  return <ComingSoonScreen screen="investments" />;
}
