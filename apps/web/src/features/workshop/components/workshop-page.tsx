import { realtimeTopic } from '@till/core';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { PageHeader } from '@/components/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useMe } from '@/lib/me';
import { useChannel } from '@/lib/realtime/use-channel';
import { workshopQueryKey } from '../api/workshop';
import { ServiceDuePanel } from './next-service';
import { RepairBoard } from './repair-board';
import { RepairOrderDetail } from './repair-order-detail';
import { VehiclesPanel } from './vehicles-panel';

/**
 * /vehicle-services (SPEC §2, vehicle_services; decision 030): the repair order board, vehicles
 * with their history, and one repair order (?ro=). A customer's answer arrives on the business
 * channel (workshop.repair_order) and the screens re-read at once.
 */
export function WorkshopPage() {
  const [params, setParams] = useSearchParams();
  const orderId = params.get('ro');
  const tab = params.get('tab') === 'vehicles' ? 'vehicles' : params.get('tab') === 'service-due' ? 'service-due' : 'board';
  const businessId = useMe().data?.business?.id ?? null;
  const queryClient = useQueryClient();
  useChannel(businessId ? realtimeTopic.business(businessId) : null, {
    onBroadcast: (message) => {
      if (message.event !== 'workshop.repair_order') return;
      void queryClient.invalidateQueries({ queryKey: workshopQueryKey });
      toast.info('A customer answered an estimate');
    },
    onJoined: () => void queryClient.invalidateQueries({ queryKey: workshopQueryKey }),
  });

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <PageHeader title="Vehicle Services" description="Vehicles, repair orders, inspections and the customer’s approval of each job." />
      {orderId ? (
        <RepairOrderDetail id={orderId} />
      ) : (
        <Tabs className="min-w-0" value={tab} onValueChange={(value) => setParams(value === 'board' ? {} : { tab: value })}>
          <TabsList>
            <TabsTrigger value="board">Board</TabsTrigger>
            <TabsTrigger value="vehicles">Vehicles</TabsTrigger>
            <TabsTrigger value="service-due">Service due</TabsTrigger>
          </TabsList>
          <TabsContent value="board" className="pt-4">
            <RepairBoard />
          </TabsContent>
          <TabsContent value="vehicles" className="pt-4">
            <VehiclesPanel />
          </TabsContent>
          <TabsContent value="service-due" className="pt-4">
            <ServiceDuePanel />
          </TabsContent>
        </Tabs>
      )}
    </div>
  );
}
