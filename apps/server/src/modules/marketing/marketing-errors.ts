import { AppError } from '../../lib/app-error.ts';

export const segmentNotFound = () => new AppError(404, 'segment_not_found', 'No such segment in this business');
export const campaignNotFound = () => new AppError(404, 'campaign_not_found', 'No such campaign in this business');
export const campaignAlreadySent = () => new AppError(409, 'campaign_already_sent', 'This campaign has already been sent; a campaign goes out once. Write a new one to send again.');
