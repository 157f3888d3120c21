import type {
  Category,
  Channel,
  NotificationPreferences,
} from '@/api/schemas/notification-preferences';

export const CATEGORY_LABELS: Record<Category, { name: string; description: string }> = {
  transactional: {
    name: 'Transactional',
    description: 'Order confirmations, delivery updates, returns and refunds.',
  },
  promotional: { name: 'Promotional', description: 'Offers, sales and discount codes.' },
  newsletter: { name: 'Newsletter', description: 'New arrivals and stories from the store.' },
};

/** `column` heads the table; `inName` finishes a switch's name ("Promotional SMS"). */
export const CHANNEL_LABELS: Record<Channel, { column: string; inName: string }> = {
  email: { column: 'Email', inName: 'email' },
  sms: { column: 'SMS', inName: 'SMS' },
  whatsapp: { column: 'WhatsApp', inName: 'WhatsApp' },
};

/** The accessible name of one switch, e.g. "Promotional SMS". */
export const switchName = (category: Category, channel: Channel) =>
  `${CATEGORY_LABELS[category].name} ${CHANNEL_LABELS[channel].inName}`;

/**
 * What a customer with nothing stored starts from (it is not saved until they press Save):
 * messages about their own orders on every channel, since missing a delivery or refund update
 * costs them; nothing they did not ask for, since marketing needs their consent.
 */
export const SUGGESTED_PREFERENCES: NotificationPreferences = {
  transactional: { email: true, sms: true, whatsapp: true },
  promotional: { email: false, sms: false, whatsapp: false },
  newsletter: { email: false, sms: false, whatsapp: false },
};
