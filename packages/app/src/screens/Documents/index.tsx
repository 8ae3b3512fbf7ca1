import { routeFor } from "@vault/domain";
import { ScreenPlaceholder } from "../../components/ScreenPlaceholder";

/** Placeholder until the Documents screen is built. */
export default function DocumentsScreen() {
  return <ScreenPlaceholder title={routeFor("documents").title} />;
}
