import { routeFor } from "@vault/domain";
import { ScreenPlaceholder } from "../../components/ScreenPlaceholder";

/** Placeholder until the Register screen is built. */
export default function RegisterScreen() {
  return <ScreenPlaceholder title={routeFor("register").title} />;
}
