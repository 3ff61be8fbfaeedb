/**
 * The bulk IP image upload (part 2 sections 2, 3, 5, 7, 8 and 9): its limits, messages and
 * answer, shared by the route and the admin's upload page.
 */
import { z } from 'zod';

/** The spec's limit: 250MB for the CSV and every image together. */
export const UPLOAD_IP_IMAGES_MAX_BYTES = 250 * 1024 * 1024;
/** A CSV is text: 2MB holds tens of thousands of rows. */
export const UPLOAD_IP_IMAGES_CSV_MAX_BYTES = 2 * 1024 * 1024;
export const UPLOAD_IP_IMAGES_MAX_ROWS = 5000;
export const UPLOAD_IP_IMAGES_MAX_FILES = 1000;

export const UPLOAD_IP_IMAGES_COLUMNS = ['title', 'author', 'image_file', 'image_type'] as const;
export const IMAGE_TYPES = ['cover', 'gallery'] as const;
export type IpImageType = (typeof IMAGE_TYPES)[number];

export const UPLOAD_IP_IMAGES_MESSAGES = {
  missingFiles: 'Please select both CSV file and images',
  missingFilesTitle: 'Missing Files',
  tooLarge: 'The upload can be at most 250MB in total',
  csvTooLarge: 'The CSV can be at most 2MB',
  notCsv: 'The CSV file must be a .csv text file',
  badCsv: 'The CSV could not be read',
  missingColumns: 'The CSV needs the columns title, author, image_file and image_type',
  noRows: 'The CSV has no rows',
  tooManyRows: `The CSV can have at most ${UPLOAD_IP_IMAGES_MAX_ROWS} rows`,
  tooManyFiles: `At most ${UPLOAD_IP_IMAGES_MAX_FILES} images can be uploaded at once`,
  unknownField: 'Send the CSV in the field "csv" and the images in the field "images"',
  complete: 'Upload complete!',
  failed: 'Upload failed',
} as const;

export const UPLOAD_OUTCOMES = [
  'done',
  'no_listing',
  'ambiguous',
  'missing_image',
  'bad_image',
  'bad_row',
] as const;
export type UploadOutcome = (typeof UPLOAD_OUTCOMES)[number];

/** What each outcome means to the admin, for the result table. */
export const UPLOAD_OUTCOME_LABELS: Record<UploadOutcome, string> = {
  done: 'Done',
  no_listing: 'No listing',
  ambiguous: 'Several listings',
  missing_image: 'Image missing',
  bad_image: 'Bad image',
  bad_row: 'Bad row',
};

export const UploadRowResultSchema = z.object({
  /** The CSV line the row started on (the header is line 1). */
  row: z.number().int(),
  title: z.string(),
  author: z.string(),
  imageFile: z.string(),
  imageType: z.string(),
  outcome: z.enum(UPLOAD_OUTCOMES),
  message: z.string(),
  listingId: z.number().int().optional(),
  imageUrl: z.string().optional(),
});
export type UploadRowResult = z.infer<typeof UploadRowResultSchema>;

export const UploadIpImagesResponseSchema = z.object({
  successful: z.number().int(),
  total: z.number().int(),
  results: z.array(UploadRowResultSchema),
});
export type UploadIpImagesResponse = z.infer<typeof UploadIpImagesResponseSchema>;
