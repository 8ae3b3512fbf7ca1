import { ComingSoonScreen } from '../../components/ComingSoonScreen';

/** /kyc: coming soon (SPEC.md 2). */
export default function KycScreen() {
  return <ComingSoonScreen screen="kyc" />;
}
