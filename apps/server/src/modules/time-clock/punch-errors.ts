import { conflict } from '../../lib/app-error.ts';

export const notClockedIn = () => conflict('not_clocked_in', 'You are not clocked in');
export const alreadyClockedIn = () => conflict('already_clocked_in', 'You are already clocked in');
