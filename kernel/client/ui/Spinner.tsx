/** The spinning ring used by Loader, Button and the loading toast. */
import './spinner.css';

export function Spinner({ size = 24 }: { size?: number }) {
  return <span className="sf-spinner" style={{ width: size, height: size }} aria-hidden />;
}
