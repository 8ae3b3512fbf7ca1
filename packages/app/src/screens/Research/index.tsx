import { routeFor } from "@vault/domain";
import { ScreenPlaceholder } from "../../components/ScreenPlaceholder";

/** Placeholder until the Research screen is built. */
export default function ResearchScreen() {
  return <ScreenPlaceholder title={routeFor("research").title} />;
}
