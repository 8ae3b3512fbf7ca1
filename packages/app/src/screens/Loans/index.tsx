import { ComingSoonScreen } from '../../components/ComingSoonScreen';

/** /loans: coming soon (SPEC.md 2). */
export default function LoansScreen() {
  return <ComingSoonScreen screen="loans" />;
}
