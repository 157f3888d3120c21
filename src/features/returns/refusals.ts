import type { ServiceErrorCode } from '@/api/error-codes';
import { type ApiError, isApiError, isUnauthorized, numericDetail } from '@/api/errors';
import { isServiceRefusal } from '@/api/outcome';
import type { Step } from './return-draft';
import { ADDRESS_FIELDS, type ItemsValues, OTHER_REASON } from './return-form';
import { describeNotReturnable, fromRefusal, orderNotFoundMessage } from './returnability';

/** Where a refusal of the service lands: a step, a summary, and messages for its fields. */
export interface Landing {
  step: Step;
  /** Shown at the top of the step (role=alert). */
  message: string;
  /** Form field paths of that step's form, e.g. `lines.1.quantity` or `address.pincode`. */
  fields: { name: string; message: string }[];
}

const sentence = (text: string) => {
  const t = text.trim();
  if (!t) return t;
  const capital = t[0]!.toUpperCase() + t.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
};

const NOT_ACCEPTED = 'The store did not accept this return.';

/**
 * The step's alert for refusals the fields say in detail, in the app's words: the service's
 * message names a product and a count ("Only 0 of … can be returned"), which the field says
 * better ("None of this item can be returned now").
 */
const CODE_HEADS: Partial<Record<string, string>> = {
  return_quantity_exceeded:
    'Fewer can be returned than you chose: part of it may have been returned since.',
} satisfies Partial<Record<ServiceErrorCode, string>>;

const STEP_ORDER: Record<Step, number> = { order: 0, items: 1, address: 2, review: 3 };

/**
 * Refusals the service makes before it looks at the Idempotency-Key (CONTRACT B2: an unknown
 * store before auth; the credential before the request is handled), so nothing was made by the
 * request they answer. They say nothing of an earlier send with the same key, which may have got
 * further.
 */
export function isRefusedBeforeKey(error: unknown): error is ApiError {
  return isUnauthorized(error) || (isApiError(error) && error.code === 'store_not_found');
}

/**
 * Whether an answer to a submission (operation 6) says for certain that no return was made under
 * its Idempotency-Key: the service itself refused it (`isServiceRefusal`), and not before it
 * looked at the key (`isRefusedBeforeKey`: an earlier send with that key may have got further).
 * Everything else leaves the outcome unknown and the return may exist.
 */
export function isDefiniteRefusal(error: unknown): error is ApiError {
  return isServiceRefusal(error) && !isRefusedBeforeKey(error);
}

/**
 * Turn the service's refusal of a submission into the step and field it concerns (CONTRACT B1
 * `errors[].field` is a dotted path into the request body). `lineIndex` maps the body's
 * `return_items` index back to the line on the items step (unchosen lines are not sent).
 * Returns null for failures that are not definite refusals (`isDefiniteRefusal`): those stay on
 * the review step as a request whose outcome is unknown. `staff`: a cashier sent it (wording).
 */
export function landRefusal(
  error: unknown,
  orderNumber: string,
  items: ItemsValues,
  lineIndex: number[],
  staff?: boolean,
): Landing | null {
  if (!isDefiniteRefusal(error)) return null;
  const e: ApiError = error;

  // the reason is the order field's own message; the step's alert says only what happened (the
  // same sentence in both was heard twice, both being alerts)
  if (e.code === 'order_not_found') {
    const message = orderNotFoundMessage(staff);
    return { step: 'order', message: NOT_ACCEPTED, fields: [{ name: 'orderNumber', message }] };
  }
  if (e.code === 'order_not_returnable') {
    const why = fromRefusal(e);
    const text = why ? describeNotReturnable(orderNumber, why) : sentence(e.message);
    return {
      step: 'order',
      message: NOT_ACCEPTED,
      fields: [{ name: 'orderNumber', message: text }],
    };
  }

  const fields: Landing['fields'] = [];
  const steps: Step[] = [];
  const landOn = (s: Step) => steps.push(s);
  const notes: string[] = [];

  for (const fe of e.fieldErrors) {
    const item = /^return_items\.(\d+)(?:\.(\w+))?$/.exec(fe.field);
    if (item) {
      landOn('items');
      const line = lineIndex[Number(item[1])];
      const sub = item[2];
      if (line === undefined || !sub) {
        notes.push(sentence(fe.message));
        continue;
      }
      let message = sentence(fe.message);
      if (e.code === 'return_quantity_exceeded' && sub === 'quantity') {
        const max = numericDetail(e, 'returnable_quantity');
        if (max !== undefined) {
          message =
            max === 0 ? 'None of this item can be returned now' : `Only ${max} can be returned now`;
        }
      }
      if (e.code === 'item_not_in_order')
        message = 'The store says this item is not part of the order';
      const reasonField = items.lines[line]?.reason === OTHER_REASON ? 'otherReason' : 'reason';
      const name =
        sub === 'quantity'
          ? 'quantity'
          : sub === 'return_reason'
            ? reasonField
            : sub === 'resolution'
              ? 'resolution'
              : 'selected';
      fields.push({ name: `lines.${line}.${name}`, message });
      continue;
    }
    if (fe.field === 'return_items') {
      landOn('items');
      notes.push(sentence(fe.message));
      continue;
    }
    const address = /^shipping_address(?:\.(\w+))?$/.exec(fe.field);
    if (address) {
      landOn('address');
      const sub = address[1];
      if (sub && (ADDRESS_FIELDS as readonly string[]).includes(sub)) {
        fields.push({ name: `address.${sub}`, message: sentence(fe.message) });
      } else {
        notes.push(sentence(fe.message));
      }
      continue;
    }
    notes.push(sentence(`${fe.field}: ${fe.message}`));
  }

  // the earliest step concerned: fixing it comes first
  const target: Step = steps.sort((a, b) => STEP_ORDER[a] - STEP_ORDER[b])[0] ?? 'review';
  const stepFields = fields.filter((f) =>
    target === 'items' ? f.name.startsWith('lines.') : f.name.startsWith('address.'),
  );
  const head =
    target === 'review'
      ? `The store did not accept this return: ${sentence(e.message)}`
      : `${NOT_ACCEPTED} ${CODE_HEADS[e.code] ?? sentence(e.message)}${
          stepFields.length > 0
            ? ` Correct the highlighted ${stepFields.length === 1 ? 'field' : 'fields'} and continue.`
            : ''
        }`;
  return {
    step: target,
    message: [head, ...notes].join(' '),
    fields: stepFields,
  };
}
