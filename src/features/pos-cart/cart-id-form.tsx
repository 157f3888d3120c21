import { zodResolver } from '@hookform/resolvers/zod';
import { type Ref, useEffect, useEffectEvent, useImperativeHandle, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod/mini';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Form } from '@/components/ui/form';
import { useFocusFirstError } from '@/lib/focus-first-error';
import { withoutFormatChars } from '@/lib/text';
import { SCAN_GAP_MS } from './scan-gap';

export const cartIdFormSchema = z.object({
  cartId: z.string().check(
    // a cart ID pasted with a format character (a zero-width space from a chat) is the ID
    // without it: with it, the screen would say no cart has the ID it shows
    z.overwrite(withoutFormatChars),
    z.trim(),
    z.minLength(1, { error: 'Enter or scan a cart ID' }),
    z.maxLength(100, { error: 'Cart IDs are at most 100 characters' }),
    // a web address cannot carry them as a path segment: the browser reads them as "this
    // folder" and "the folder above", on the app's address and the API's alike
    z.refine((id) => id !== '.' && id !== '..', { error: '“.” and “..” are not cart IDs' }),
  ),
});
type CartIdForm = z.infer<typeof cartIdFormSchema>;

declare global {
  interface Window {
    /** A scan typed on /pos or a cart before the app drew this field (scripts/early-keys.ts). */
    __earlyKeys?: { s: string; t: number; done: boolean };
  }
}

/** The screen is there: index.html stops keeping keys (its field, if any, took them). */
export const endEarlyKeys = () => void delete window.__earlyKeys;

export interface CartIdFormHandle {
  focus: () => void;
  /**
   * A scan began outside the field: put what was scanned so far in it and focus it, so the
   * scanner's next keys land there; `submit` when the scan has already ended (its Enter came).
   */
  typeIn: (typed: string, submit: boolean) => void;
}

/**
 * The "Cart ID" field. A barcode scanner types the id and presses Enter, which submits the form
 * like a person would, so scanning and typing are one path.
 */
export function CartIdForm({
  ref,
  focusOnMount = false,
  takeEarlyScan = focusOnMount,
  notFoundId = null,
  notFoundAt = 0,
  className = '',
}: {
  ref?: Ref<CartIdFormHandle>;
  /** Put focus here when the screen opens, so a scan goes straight in. */
  focusOnMount?: boolean;
  /**
   * Take a scan typed while the page loaded (index.html kept it). With `focusOnMount` it always
   * does; without it (a cart's screen, whose focus starts elsewhere) focus moves here only when
   * there is a scan to take.
   */
  takeEarlyScan?: boolean;
  /**
   * An ID that opened no cart (the service has none): put back in the field, so a mistyped ID is
   * fixed where it went wrong, not typed or scanned again whole. Not over what was typed since.
   */
  notFoundId?: string | null;
  /** When the service last said so: the same ID asked for again and not found is put back again. */
  notFoundAt?: number;
  className?: string;
}) {
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement | null>(null);
  const { register, handleSubmit, reset, setValue, getValues, formState } = useForm<CartIdForm>({
    resolver: zodResolver(cartIdFormSchema),
    defaultValues: { cartId: '' },
    // once its error is drawn, so the error is read once (src/lib/focus-first-error.ts)
    shouldFocusError: false,
  });
  const { errors } = formState;
  const focusFirstError = useFocusFirstError(formState);
  const { ref: registerRef, ...field } = register('cartId');
  const onSubmit = ({ cartId }: CartIdForm) => {
    reset({ cartId: '' });
    navigate(`/pos/carts/${encodeURIComponent(cartId)}`);
  };
  const typeIn = (typed: string, submit: boolean) => {
    setValue('cartId', typed);
    const el = input.current;
    el?.focus();
    el?.setSelectionRange(typed.length, typed.length);
    if (submit) void handleSubmit(onSubmit, focusFirstError)();
  };
  // a scan that began before this field existed: index.html kept its keys (scripts/early-keys.ts)
  const takeEarlyKeys = useEffectEvent(() => {
    const kept = window.__earlyKeys;
    endEarlyKeys();
    // a whole scan, or one still arriving (its next key lands in the field); a key or two typed
    // a while ago is no scan
    if (kept?.s && (kept.done || performance.now() - kept.t < SCAN_GAP_MS))
      typeIn(kept.s, kept.done);
    else if (focusOnMount) input.current?.focus();
  });
  useEffect(() => {
    if (takeEarlyScan) takeEarlyKeys();
  }, [takeEarlyScan]);
  // a scan from outside the field still replaces it (typeIn), and Tab into it selects it whole.
  // (Each cart's screen has a form of its own: another cart opened starts with an empty field)
  useEffect(() => {
    if (notFoundId && getValues('cartId') === '') setValue('cartId', notFoundId);
  }, [notFoundId, notFoundAt, getValues, setValue]);

  useImperativeHandle(ref, () => ({
    focus: () => {
      input.current?.focus();
      input.current?.select();
    },
    typeIn,
  }));

  return (
    <Form
      submitCount={formState.submitCount}
      noValidate
      onSubmit={(e) => void handleSubmit(onSubmit, focusFirstError)(e)}
      className={`@container ${className}`}
    >
      {/* the button beside the field where both fit (an id like cart_1002 whole), under it on a
          narrow column (320 px, zoomed in) */}
      <div className="grid items-start gap-3 @2xs:grid-cols-[minmax(0,1fr)_auto]">
        <Field
          label="Cart ID"
          error={errors.cartId?.message}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          enterKeyHint="go"
          ref={(el) => {
            registerRef(el);
            input.current = el;
          }}
          {...field}
        />
        {/* mt-7 lines the button up with the input below the label */}
        <Button type="submit" className="justify-self-start @2xs:mt-7">
          Open cart
        </Button>
      </div>
    </Form>
  );
}
