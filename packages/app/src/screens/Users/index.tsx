import { routeFor } from "@vault/domain";
import { ScreenPlaceholder } from "../../components/ScreenPlaceholder";

/** Placeholder until the Users screen is built. */
export default function UsersScreen() {
  return <ScreenPlaceholder title={routeFor("users").title} />;
}
