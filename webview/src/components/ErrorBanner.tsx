/** A message from the host (a failed render) above the inspector. */
import { Icon } from "./Icon.js";
import { SafeText } from "./SafeText.js";

export function ErrorBanner({ message }: { message: string }) {
  return (
    <div className="error-banner" role="alert">
      <Icon name="error" /> <SafeText text={message} />
    </div>
  );
}
