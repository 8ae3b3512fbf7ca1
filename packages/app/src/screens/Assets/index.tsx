import { ComingSoonScreen } from '../../components/ComingSoonScreen';

/** /assets: coming soon (SPEC.md 2). */
export default function AssetsScreen() {
  return <ComingSoonScreen screen="assets" />;
}
