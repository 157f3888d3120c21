import { useCallback, useEffect, useRef, useState } from 'react';
import { z } from 'zod/mini';
import { createReturnBodySchema } from '@/api/schemas/order-return';
import { USER_PREFIX, readStored, removeStored, writeStored } from '@/lib/storage';
import { addressValuesSchema, itemsValuesSchema } from './return-form';

export const STEPS = ['order', 'items', 'address', 'review'] as const;
export type Step = (typeof STEPS)[number];

export const parseStep = (value: string | null): Step =>
  (STEPS as readonly string[]).includes(value ?? '') ? (value as Step) : 'order';

/** A request that went out: exactly what was sent, so that it can be shown and sent again. */
const sentRequestSchema = z.object({
  orderNumber: z.string(),
  body: createReturnBodySchema,
  /** For each entry of `body.return_items`, the index of its line in the items step. */
  lineIndex: z.array(z.number()),
});
export type SentRequest = z.infer<typeof sentRequestSchema>;

const submissionSchema = z.object({
  /** The Idempotency-Key of this submission (CONTRACT B5). */
  key: z.string().check(z.minLength(1)),
  /**
   * A request with this key went out and no definite answer came back (it is on its way, or the
   * connection dropped, it timed out, a 5xx, an answer that does not parse): the return may exist.
   * While set, the answers are frozen and the only way on is to send exactly this again with the
   * same key, which the service answers with the first result if there was one.
   */
  unconfirmed: z.nullable(sentRequestSchema),
});
export type Submission = z.infer<typeof submissionSchema>;

const draftSchema = z.object({
  /** What is typed in the order number field. */
  orderInput: z.string(),
  /** The order this return is for: found, and returnable when it was chosen. */
  orderNumber: z.nullable(z.string()),
  items: z.nullable(itemsValuesSchema),
  address: z.nullable(addressValuesSchema),
  submission: z.nullable(submissionSchema),
});
export type ReturnDraft = z.infer<typeof draftSchema>;

export const EMPTY_DRAFT: ReturnDraft = {
  orderInput: '',
  orderNumber: null,
  items: null,
  address: null,
  submission: null,
};

/** Per person (USER_PREFIX: signing out removes it), per tab (sessionStorage). */
export const draftKey = (userId: string) => `${USER_PREFIX}return-draft:${userId}`;

export function readDraft(userId: string): ReturnDraft {
  return (
    readStored('session', draftKey(userId), (raw) => {
      const parsed = draftSchema.safeParse(raw);
      return parsed.success ? parsed.data : null;
    }) ?? EMPTY_DRAFT
  );
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * A change of what will be sent is a new submission and gets a new key when the review step is
 * reached again. While a request's outcome is unknown (`unconfirmed`) nothing of what it was made
 * from may change: the key stays, and so do the answers.
 */
function withSubmissionRule(before: ReturnDraft, after: ReturnDraft): ReturnDraft {
  if (before.submission?.unconfirmed && after.submission?.unconfirmed) {
    const { orderNumber, items, address } = before;
    return { ...after, orderNumber, items, address };
  }
  if (!after.submission || after.submission.unconfirmed) return after;
  const changed =
    before.orderNumber !== after.orderNumber ||
    !same(before.items, after.items) ||
    !same(before.address, after.address);
  return changed ? { ...after, submission: null } : after;
}

export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // randomUUID exists only in secure contexts; a plain-http deployment still needs a unique key
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The wizard's answers, kept in sessionStorage so a reload or the back button loses nothing. */
export function useReturnDraft(userId: string) {
  const [draft, setDraft] = useState<ReturnDraft>(() => readDraft(userId));
  const finished = useRef(false);

  useEffect(() => {
    if (finished.current) return;
    if (same(draft, EMPTY_DRAFT)) removeStored('session', draftKey(userId));
    else writeStored('session', draftKey(userId), draft);
  }, [draft, userId]);

  const update = useCallback(
    (change: (draft: ReturnDraft) => ReturnDraft) =>
      setDraft((before) => withSubmissionRule(before, change(before))),
    [],
  );
  const clear = useCallback(() => {
    // removed at once as well: the next screen may be a reload away
    removeStored('session', draftKey(userId));
    setDraft(EMPTY_DRAFT);
  }, [userId]);

  /**
   * The return was sent: forget the draft in storage but leave the screen as it is while the
   * app moves on to the confirmation (resetting it here would redirect the wizard to step 1).
   */
  const finish = useCallback(() => {
    finished.current = true;
    removeStored('session', draftKey(userId));
  }, [userId]);

  return { draft, update, clear, finish };
}
