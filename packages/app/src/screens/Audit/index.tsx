import { ComingSoonScreen } from '../../components/ComingSoonScreen';

/** /audit: coming soon (SPEC.md 2). */
export default function AuditScreen() {
  return <ComingSoonScreen screen="audit" />;
}
