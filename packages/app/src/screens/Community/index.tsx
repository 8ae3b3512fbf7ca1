import { ComingSoonScreen } from '../../components/ComingSoonScreen';

/** /community: any signed-in user; coming soon, like /support (PRODUCT.md decision 6). */
export default function CommunityScreen() {
  return <ComingSoonScreen screen="community" />;
}
