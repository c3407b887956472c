import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, dataOf, fileOf, type ApiAnswer, type ApiBody } from '@/lib/api';
import { saveFile } from '@/lib/save-file';

/** Every request of the appointments page (issue 18 item 5); one query key root so a change refreshes the calendar. */
export const appointmentsKey = ['appointments'] as const;

export type Appointment = ApiAnswer<'/api/appointments', 'get'>['appointments'][number];
export type AppointmentService = ApiAnswer<'/api/appointments/services', 'get'>['services'][number];
export type StaffSchedule = ApiAnswer<'/api/appointments/staff', 'get'>['staff'][number];
export type ServiceBody = ApiBody<'/api/appointments/services', 'post'>;
export type BookBody = ApiBody<'/api/appointments', 'post'>;
export type HoursBody = ApiBody<'/api/appointments/staff/{employeeId}/hours', 'put'>;
export type TimeOffBody = ApiBody<'/api/appointments/staff/{employeeId}/time-off', 'post'>;

export function useAppointments(from: string, to: string) {
  return useQuery({
    queryKey: [...appointmentsKey, 'list', from, to] as const,
    queryFn: ({ signal }) => dataOf(api.GET('/api/appointments', { params: { query: { from, to } }, signal })),
  });
}

export function useServices() {
  return useQuery({
    queryKey: [...appointmentsKey, 'services'] as const,
    queryFn: ({ signal }) => dataOf(api.GET('/api/appointments/services', { signal })),
    select: (answer) => answer.services,
  });
}

export function useStaffSchedules() {
  return useQuery({
    queryKey: [...appointmentsKey, 'staff'] as const,
    queryFn: ({ signal }) => dataOf(api.GET('/api/appointments/staff', { signal })),
  });
}

/** Customers to book (customer_management): a refusal hides the picker, typing a name still works. */
export function useCustomerSearch(q: string) {
  return useQuery({
    queryKey: [...appointmentsKey, 'customers', q] as const,
    queryFn: ({ signal }) => dataOf(api.GET('/api/customers', { params: { query: { q, limit: 20 } }, signal })),
    enabled: q.trim().length >= 2,
    retry: false,
  });
}

function useRefreshing<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => client.invalidateQueries({ queryKey: appointmentsKey }) });
}

export const useSaveService = () =>
  useRefreshing(({ id, body }: { id: string | null; body: ServiceBody }) =>
    id ? dataOf(api.PUT('/api/appointments/services/{id}', { params: { path: { id } }, body })) : dataOf(api.POST('/api/appointments/services', { body })),
  );

export const useSaveHours = () =>
  useRefreshing(({ employeeId, body }: { employeeId: string; body: HoursBody }) =>
    dataOf(api.PUT('/api/appointments/staff/{employeeId}/hours', { params: { path: { employeeId } }, body })),
  );

export const useAddTimeOff = () =>
  useRefreshing(({ employeeId, body }: { employeeId: string; body: TimeOffBody }) =>
    dataOf(api.POST('/api/appointments/staff/{employeeId}/time-off', { params: { path: { employeeId } }, body })),
  );

export const useRemoveTimeOff = () => useRefreshing((id: string) => dataOf(api.DELETE('/api/appointments/time-off/{id}', { params: { path: { id } } })));

export const useBookAppointment = () => useRefreshing((body: BookBody) => dataOf(api.POST('/api/appointments', { body })));

export const useMoveAppointment = () =>
  useRefreshing(({ id, startsAt, employeeId }: { id: string; startsAt: string; employeeId: string }) =>
    dataOf(api.POST('/api/appointments/{id}/move', { params: { path: { id } }, body: { starts_at: startsAt, employee_id: employeeId } })),
  );

export const useChangeStatus = () =>
  useRefreshing(({ id, status }: { id: string; status: 'cancelled' | 'no_show' | 'completed' }) =>
    dataOf(api.POST('/api/appointments/{id}/status', { params: { path: { id } }, body: { status } })),
  );

/** Saves the appointment's .ics file through the browser. */
export async function downloadCalendarFile(id: string): Promise<void> {
  const { blob, fileName } = await fileOf(api.GET('/api/appointments/{id}/calendar.ics', { params: { path: { id } }, parseAs: 'blob' }));
  saveFile(blob, fileName ?? 'appointment.ics');
}

// --- the public booking page (decision 040) -----------------------------------------------------

export type BookingPageSettings = ApiAnswer<'/api/appointments/booking-page', 'get'>['settings'];
export type BookingPageBody = ApiBody<'/api/appointments/booking-page', 'put'>;

/** The owner's settings; asked only by someone who may change them (can_change_settings). */
export function useBookingPageSettings(enabled: boolean) {
  return useQuery({
    queryKey: [...appointmentsKey, 'booking-page'] as const,
    queryFn: ({ signal }) => dataOf(api.GET('/api/appointments/booking-page', { signal })),
    select: (answer) => answer.settings,
    enabled,
  });
}

export const useSaveBookingPage = () => useRefreshing((body: BookingPageBody) => dataOf(api.PUT('/api/appointments/booking-page', { body })));

export type PublicBookingPage = ApiAnswer<'/api/public/bookings/{slug}', 'get'>['page'];
export type OnlineBooking = ApiAnswer<'/api/public/bookings/{slug}', 'post'>['appointment'];
export type OnlineBookingBody = ApiBody<'/api/public/bookings/{slug}', 'post'>;

export function usePublicBookingPage(slug: string) {
  return useQuery({
    queryKey: ['public-booking', slug] as const,
    queryFn: ({ signal }) => dataOf(api.GET('/api/public/bookings/{slug}', { params: { path: { slug } }, signal })),
    select: (answer) => answer.page,
    retry: false,
  });
}

export function usePublicSlots(slug: string, serviceId: string | null, day: string) {
  return useQuery({
    queryKey: ['public-booking', slug, 'slots', serviceId, day] as const,
    queryFn: ({ signal }) => dataOf(api.GET('/api/public/bookings/{slug}/slots', { params: { path: { slug }, query: { service_id: serviceId!, day } }, signal })),
    enabled: serviceId !== null,
  });
}

export function useBookOnline(slug: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: OnlineBookingBody) => dataOf(api.POST('/api/public/bookings/{slug}', { params: { path: { slug } }, body })),
    // Taken or not, the free times are read again.
    onSettled: () => client.invalidateQueries({ queryKey: ['public-booking', slug, 'slots'] }),
  });
}
