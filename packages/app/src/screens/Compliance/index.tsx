import { ComingSoonScreen } from '../../components/ComingSoonScreen';

/** /compliance: coming soon (SPEC.md 2). */
export default function ComplianceScreen() {
  return <ComingSoonScreen screen="compliance" />;
}
