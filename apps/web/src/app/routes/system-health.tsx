import { SystemHealthPanel } from '@/features/system-health/components/system-health-panel';

export function SystemHealthRoute() {
  return <SystemHealthPanel />;
}
