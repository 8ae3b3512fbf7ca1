import { ComingSoonScreen } from '../../components/ComingSoonScreen';

/** /support: coming soon (SPEC.md 2). */
export default function SupportScreen() {
  return <ComingSoonScreen screen="support" />;
}
