/** The app root: kernel context, the phone-shaped column, boot, routes, and the overlay host. */
import { KernelProvider } from '../provider';
import type { Kernel } from '../kernel';
import { OverlayHost } from '../ui/OverlayHost';
import '../ui/theme.css';
import { BootGate } from './BootGate';
import { Router } from './Router';

export function App({ kernel }: { kernel: Kernel }) {
  return (
    <KernelProvider kernel={kernel}>
      <div className="sf-app">
        <BootGate>
          <Router />
        </BootGate>
        <OverlayHost />
      </div>
    </KernelProvider>
  );
}
