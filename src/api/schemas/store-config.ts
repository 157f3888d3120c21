import { z } from 'zod/mini';
import { VISIBLE } from '@/lib/text';
import { currencySchema } from './common';

/**
 * The store's own words, trimmed: a name or title of only spaces or invisible characters (a
 * zero-width space from a copy) is none (`''`), for every screen, which then names it itself.
 */
const storeText = z.pipe(
  z.string(),
  z.transform((s) => (VISIBLE.test(s) ? s.trim() : '')),
);

export const contentDocumentSchema = z.object({
  id: z.string(),
  name: z.string(),
  content_title: storeText,
  content_type: z.string(),
  content: z.string(),
});
export type ContentDocument = z.infer<typeof contentDocumentSchema>;

export const storeConfigSchema = z.object({
  is_kyc_enabled: z.boolean(),
  is_customer_group_enabled: z.boolean(),
  brand: z.object({
    name: storeText,
    logo_url: z.nullable(z.string()),
    social_media_links: z.record(z.string(), z.unknown()),
  }),
  currency: currencySchema,
  customer_groups: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      description: z.nullable(z.string()),
      is_default: z.boolean(),
      active: z.boolean(),
    }),
  ),
  kyc_documents: z.array(
    z.object({
      id: z.string(),
      document_type: z.string(),
      title: z.string(),
      description: z.nullable(z.string()),
      active: z.boolean(),
      is_mandatory: z.boolean(),
      is_attachment_required: z.boolean(),
      verification_type: z.string(),
    }),
  ),
  measurement: z.object({ weight: z.string(), dimension: z.string() }),
  terms_of_service: contentDocumentSchema,
  refund_policy: contentDocumentSchema,
});
export type StoreConfig = z.infer<typeof storeConfigSchema>;
