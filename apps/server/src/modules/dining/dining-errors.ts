import { AppError, notFound } from '../../lib/app-error.ts';
import { pgErrorField } from '../../lib/pg-errors.ts';

export const areaNotFound = () => notFound('dining_area_not_found', 'No area of this business has this id');
export const tableNotFound = () => notFound('dining_table_not_found', 'No table of this business has this id');
export const tableOccupied = () => new AppError(409, 'dining_table_occupied', 'This table already has an open ticket');
export const ticketSplit = () => new AppError(409, 'kitchen_ticket_split', 'This bill is split: pay its parts, or undo the split first');

/** The one-open-ticket-per-table index refused a write: the table was taken meanwhile. */
export async function tableFree<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (pgErrorField(error, 'constraint') === 'kitchen_tickets_open_table') throw tableOccupied();
    throw error;
  }
}
