import { useCallback, useEffect, useRef, useState } from 'react';
import { z } from 'zod/mini';
import { createReturnBodySchema } from '@/api/schemas/order-return';
import { USER_PREFIX, readStored, removeStored, writeStored } from '@/lib/storage';
import { useRecordsChanged } from '@/lib/use-records-changed';
import { addressValuesSchema, itemsValuesSchema, toCreateReturnBody } from './return-form';

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
  /**
   * The service made a return under this key: its request number. Set by the send's answer
   * (`settleSubmission`), also when the wizard was left before that answer came: the draft is
   * done, and the wizard only opens that return's confirmation and forgets the draft. Absent in
   * drafts saved before it existed (and in every draft whose send has not succeeded).
   */
  created: z.optional(z.string()),
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

/** Per person and store (`recordsOwner`) (USER_PREFIX: signing out removes it), per tab (sessionStorage). */
export const draftKey = (owner: string) => `${USER_PREFIX}return-draft:${owner}`;

/**
 * A draft saved before the request was kept as sent: its submission said only whether a send's
 * outcome was unknown (`uncertain`). Such a draft is still read, because it may hold the key of a
 * request that made a return: losing it would let the next send make a second one.
 */
const legacyDraftSchema = z.object({
  ...draftSchema.shape,
  submission: z.nullable(z.object({ key: submissionSchema.shape.key, uncertain: z.boolean() })),
});

/**
 * The old draft in today's shape. An uncertain send was made from the stored answers (they could
 * not change while it was uncertain), so the request it sent is built from them again, exactly as
 * the send did; should they not make a valid request, the key is kept without the lock and the
 * usual rule drops it once the answers change.
 */
function fromLegacyDraft(old: z.infer<typeof legacyDraftSchema>): ReturnDraft {
  const { submission: oldSubmission, ...answers } = old;
  if (!oldSubmission) return { ...answers, submission: null };
  let unconfirmed: Submission['unconfirmed'] = null;
  if (oldSubmission.uncertain && answers.orderNumber && answers.items && answers.address) {
    const { body, lineIndex } = toCreateReturnBody(answers.items, answers.address);
    const sent = sentRequestSchema.safeParse({ orderNumber: answers.orderNumber, body, lineIndex });
    if (sent.success) unconfirmed = sent.data;
  }
  return { ...answers, submission: { key: oldSubmission.key, unconfirmed } };
}

export function readDraft(userId: string): ReturnDraft {
  return (
    readStored('session', draftKey(userId), (raw) => {
      const parsed = draftSchema.safeParse(raw);
      if (parsed.success) return parsed.data;
      const legacy = legacyDraftSchema.safeParse(raw);
      return legacy.success ? fromLegacyDraft(legacy.data) : null;
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

/** The draft as it is once the service made return `requestNumber` under its key `key`. */
function settled(draft: ReturnDraft, key: string, requestNumber: string): ReturnDraft {
  if (draft.submission?.key !== key) return draft;
  // a definite answer: the request is no longer of unknown outcome
  return { ...draft, submission: { key, unconfirmed: null, created: requestNumber } };
}

type SettledListener = (userId: string, key: string, requestNumber: string) => void;
const settledListeners = new Set<SettledListener>();

/**
 * The service made return `requestNumber` for a request sent with Idempotency-Key `key` (a
 * definite answer). The draft that holds that key, stored or on screen, records it, so that
 * the wizard goes to the confirmation even if it was left (or shown anew) before the answer
 * came. A draft with another key (a different request, or one started since) is left alone; only
 * a success settles a draft: an unknown outcome keeps the request locked.
 */
export function settleSubmission(userId: string, key: string, requestNumber: string) {
  const stored = readDraft(userId);
  if (stored.submission?.key === key) {
    writeStored('session', draftKey(userId), settled(stored, key, requestNumber));
  }
  settledListeners.forEach((listener) => listener(userId, key, requestNumber));
}

/** The wizard's answers, kept in sessionStorage so a reload or the back button loses nothing. */
export function useReturnDraft(userId: string) {
  const [draft, setDraft] = useState<ReturnDraft>(() => readDraft(userId));
  const finished = useRef(false);

  // an answer that comes while this draft is on screen (its send may have been made by an earlier
  // visit to the wizard, whose own callbacks are gone)
  useEffect(() => {
    const listener: SettledListener = (who, key, requestNumber) => {
      if (who === userId) setDraft((d) => settled(d, key, requestNumber));
    };
    settledListeners.add(listener);
    return () => void settledListeners.delete(listener);
  }, [userId]);

  useEffect(() => {
    if (finished.current) return;
    if (same(draft, EMPTY_DRAFT)) removeStored('session', draftKey(userId));
    else writeStored('session', draftKey(userId), draft);
  }, [draft, userId]);

  // The person's records were swept or put back while the wizard is open (another tab signed
  // in with this user ID and another token, the demo's reset, a new token confirmed by Get user:
  // src/features/session/set-aside.ts). The screen takes the draft as stored now: one left on
  // screen would be written back over what was swept, or over a request kept as sent with its
  // Idempotency-Key. `replaced` counts such takeovers: the steps' forms are drawn anew from it
  const [replaced, setReplaced] = useState(0);
  // (an effect event: `draft` is the one on screen when the records change)
  useRecordsChanged(() => {
    if (finished.current) return;
    const stored = readDraft(userId);
    if (same(stored, draft)) return;
    setDraft(stored);
    setReplaced((n) => n + 1);
  });

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

  return { draft, update, clear, finish, replaced };
}
