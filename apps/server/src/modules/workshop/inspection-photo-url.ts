import type { Services } from '../../lib/context.ts';
import { steppedUrlSigner, type FileUrlSigner } from '../storage/signed-url.ts';

/** The business's private bucket for inspection photos (decision 012: made on first use, images only). */
export const INSPECTION_PHOTOS_BUCKET = 'inspection-photos' as const;

/** Signed URLs (about an hour) for this business's inspection photos; nothing else can be read with them. */
export const inspectionPhotoSigner = (services: Pick<Services, 'config'>, businessId: string): FileUrlSigner =>
  steppedUrlSigner(services.config.authSecret, businessId, INSPECTION_PHOTOS_BUCKET);
