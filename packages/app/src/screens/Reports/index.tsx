import { ComingSoonScreen } from '../../components/ComingSoonScreen';

/** /reports: coming soon (SPEC.md 2). */
export default function ReportsScreen() {
  return <ComingSoonScreen screen="reports" />;
}
