import { useQuery } from '@tanstack/react-query';
import { Fragment, Suspense, useCallback, useEffect, useEffectEvent, useState } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { orderQueryOptions } from '@/api/orders';
import type { Order } from '@/api/schemas/order';
import type { CreateReturnBody } from '@/api/schemas/order-return';
import { ApiErrorAlert, RefreshFailedAlert, useLoadFailure } from '@/components/api-error-alert';
import { SignInPrompt } from '@/components/sign-in-prompt';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { PartBoundary, lazyPart } from '@/components/ui/lazy-part';
import { PartNotLoaded } from '@/components/ui/part-not-loaded';
import { Page } from '@/components/ui/page';
import { Loading } from '@/components/ui/spinner';
import { onFirstIntent } from '@/lib/first-intent';
import { useSession } from '@/lib/session';
import { storeOf } from '@/api/connection';
import { OrderStep } from './order-step';
import { type Landing, isDefiniteRefusal, isRefusedBeforeKey, landRefusal } from './refusals';
import {
  EMPTY_DRAFT,
  STEPS,
  type Step,
  newIdempotencyKey,
  parseStep,
  useReturnDraft,
} from './return-draft';
import {
  type AddressValues,
  type ItemsValues,
  addressStepSchema,
  itemsStepSchema,
  toCreateReturnBody,
} from './return-form';
import { ReturnRequestsList } from './return-requests-list';
import { describeNotReturnable, orderScope, whyNotReturnable } from './returnability';
import { recordsOwner, useStoredReturns } from './returns-store';
import { useCreateReturn, useSending } from './use-create-return';
import { DrawnAnew, STEP_TITLES, StepProgress, card } from './wizard-parts';

// The route paints its first step (the order) with only that step's code; the later steps are
// chunks of their own, fetched at the customer's first key or pointer press (typing the order
// number), so moving on does not wait for them and they do not compete with the first paint
// (docs/performance.md). A draft that resumes at a later step fetches that step at once.
const ItemsStep = lazyPart(() => import('./items-step').then((m) => m.ItemsStep));
const AddressStep = lazyPart(() => import('./address-step').then((m) => m.AddressStep));
const ReviewStep = lazyPart(() => import('./review-step').then((m) => m.ReviewStep));
const laterSteps = [ItemsStep, AddressStep, ReviewStep];
const prefetchLaterSteps = () =>
  laterSteps.forEach((part) => void part.load().catch(() => undefined));

function useLaterSteps() {
  useEffect(() => onFirstIntent(prefetchLaterSteps), []);
}

/** The furthest step the draft's answers allow; later steps in the URL are sent back here. */
function furthestStep(order: Order | undefined, items: unknown, address: unknown): Step {
  if (!order || whyNotReturnable(order)) return 'order';
  if (!itemsStepSchema(order).safeParse(items).success) return 'items';
  if (!addressStepSchema.safeParse(address).success) return 'address';
  return 'review';
}

const stepSearch = (step: Step) => `?step=${step}`;

/** `userId`: whose return records these are, the person at this store (`recordsOwner`). */
function Wizard({ userId }: { userId: string }) {
  useLaterSteps();
  const { connection: conn, identity } = useSession();
  const staff = identity?.role === 'staff';
  const orderMissing = (orderNumber: string) =>
    `We couldn't find order ${orderNumber} ${orderScope(staff)}.`;
  const navigate = useNavigate();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const requested = parseStep(params.get('step'));
  const linkedOrder = params.get('order');
  const { draft, update, clear, finish, replaced } = useReturnDraft(userId);
  const [landing, setLanding] = useState<Landing | null>(null);
  // the draft taken from storage (swept or put back meanwhile): a refusal shown on a step was
  // about the answers it replaced
  const [replacedSeen, setReplacedSeen] = useState(replaced);
  if (replacedSeen !== replaced) {
    setReplacedSeen(replaced);
    setLanding(null);
  }
  // steps drawn anew by the customer's own action: a new order step (fresh form) after "Start
  // over", the review after "Start a different request"; their headings take focus (DrawnAnew)
  const [generation, setGeneration] = useState(0);
  // a check (the unconfirmed request sent again) is on its way: its screen stays as it is, while
  // a first send shows the review it was sent from
  const [checking, setChecking] = useState(false);
  const returns = useStoredReturns(userId);
  const create = useCreateReturn(userId);
  // the draft's request is on its way: sent from here, or by an earlier visit (left before its
  // answer), whose answer settles the draft (use-create-return) while the review waits for it
  const { busy: sending, busyNow: sendingNow } = useSending(userId, draft.submission?.key);

  const orderQuery = useQuery({
    ...orderQueryOptions(conn, draft.orderNumber ?? ''),
    enabled: draft.orderNumber !== null,
  });
  const order = draft.orderNumber ? orderQuery.data : undefined;
  // a first read that failed (a reload, a draft resumed) stays on screen while its Try again runs,
  // rather than a spinner in place of the focused button; when it works, focus goes to the heading
  const { failure: readFailure, recovered } = useLoadFailure(orderQuery);
  const unconfirmed = draft.submission?.unconfirmed ?? null;
  // the service made the return this draft was sent for (the answer may have come while the
  // wizard was not shown, use-create-return settles the draft): only its confirmation is left
  const created = draft.submission?.created ?? null;
  // a request whose outcome is unknown is not judged again (the order has most likely changed
  // because of that very request): its review is the only step until the service answers (and a
  // request that made a return is not judged either: its confirmation is opening)
  const furthest =
    unconfirmed || created ? 'review' : furthestStep(order, draft.items, draft.address);
  const step: Step = STEPS.indexOf(requested) <= STEPS.indexOf(furthest) ? requested : furthest;
  const checkNow = (location.state as { check?: boolean } | null)?.check === true;

  // one Idempotency-Key per submission, made when the submission is ready to review
  const needsKey = step === 'review' && requested === 'review' && !draft.submission;
  useEffect(() => {
    if (needsKey) {
      update((d) =>
        d.submission ? d : { ...d, submission: { key: newIdempotencyKey(), unconfirmed: null } },
      );
    }
  }, [needsKey, update]);

  // ?order= (a link from an order) fills the order field once: it goes into the draft and leaves
  // the address, so that a reload shows what the customer has typed since
  useEffect(() => {
    if (linkedOrder === null) return;
    update((d) => ({ ...d, orderInput: linkedOrder }));
    setParams(
      (before) => {
        const next = new URLSearchParams(before);
        next.delete('order');
        return next;
      },
      { replace: true },
    );
  }, [linkedOrder, update, setParams]);

  const goTo = useCallback(
    (next: Step) => {
      void navigate({ search: stepSearch(next) });
    },
    [navigate],
  );

  // the service made the return: its send's success settles the draft (use-create-return),
  // whether it was sent from this screen or from a visit the customer left before the answer.
  // So this is the one way to the confirmation: the draft is forgotten and the return shown
  const openConfirmation = useEffectEvent((requestNumber: string) => {
    finish();
    void navigate(`/account/returns/${encodeURIComponent(requestNumber)}`, {
      state: { justCreated: true },
    });
  });
  useEffect(() => {
    if (created) openConfirmation(created);
  }, [created]);

  const onOrderInput = useCallback(
    (orderInput: string) => update((d) => ({ ...d, orderInput })),
    [update],
  );
  const onItemsChange = useCallback(
    (items: ItemsValues) => update((d) => ({ ...d, items })),
    [update],
  );
  const onAddressChange = useCallback(
    (address: AddressValues) => update((d) => ({ ...d, address })),
    [update],
  );

  const onFound = (found: Order) => {
    update((d) =>
      d.orderNumber === found.order_number
        ? { ...d, orderInput: found.order_number }
        : // another order: nothing chosen for the previous one applies, and it is a new submission
          { ...EMPTY_DRAFT, orderInput: found.order_number, orderNumber: found.order_number },
    );
    setLanding(null);
    create.reset();
    goTo('items');
  };

  const startOver = () => {
    clear();
    setLanding(null);
    create.reset();
    setGeneration((g) => g + 1);
  };

  const submit = () => {
    const { submission, orderNumber, items, address } = draft;
    // a kept request was made from these answers, which cannot change while it is kept
    // checked at the press: a double click's second click comes before the pending render
    if (!submission || !items || create.isPending || sendingNow()) return;
    const check = submission.unconfirmed;
    let request = check;
    if (!request) {
      if (!orderNumber || !address) return;
      const prepared = toCreateReturnBody(items, address);
      const first = { orderNumber, body: prepared.body, lineIndex: prepared.lineIndex };
      // from here until the service answers for certain, a return may exist under this key: the
      // request is kept exactly as sent, and the answers it was made from cannot change
      update((d) =>
        d.submission ? { ...d, submission: { ...d.submission, unconfirmed: first } } : d,
      );
      request = first;
    }
    setChecking(check !== null);
    setLanding(null);
    create.mutate(
      { orderNumber: request.orderNumber, body: request.body, idempotencyKey: submission.key },
      {
        onError: (error) => {
          if (!check && isRefusedBeforeKey(error)) {
            // the first send with this key was turned away before the service looked at it, so
            // nothing was made: the request is not kept, and the key stays for the next send (it
            // goes, as usual, if the answers change)
            update((d) =>
              d.submission ? { ...d, submission: { ...d.submission, unconfirmed: null } } : d,
            );
            return;
          }
          // no definite answer: the request stays as sent, and the review offers to check
          if (!isDefiniteRefusal(error)) return;
          // the service refused it, so nothing was made under this key: the answers are the
          // customer's to change again, and the next send is a new submission with a new key
          update((d) => ({ ...d, submission: null }));
          const landed = landRefusal(error, request.orderNumber, items, request.lineIndex, staff);
          if (landed) {
            setLanding(landed);
            if (landed.step !== 'review') goTo(landed.step);
          }
        },
        onSettled: () => setChecking(false),
      },
    );
  };

  // the customer gives up on a request whose outcome is unknown (they were warned that it may
  // have made a return): its key and lock go, the answers can change, and the next send is a new
  // request with a new key. The order is read again: that request may have changed it.
  const discardUnconfirmed = () => {
    update((d) => ({ ...d, submission: null }));
    setLanding(null);
    create.reset();
    setGeneration((g) => g + 1);
    void orderQuery.refetch();
  };

  // a refusal is about the request it refused: once its step has been shown and the customer
  // moves on from it (Back, the browser's history, an edit button), it is not put on the
  // answers again when that step comes back, corrected or not
  const [landingShown, setLandingShown] = useState<Landing | null>(null);
  if (landing && landing.step === step && landingShown !== landing) setLandingShown(landing);
  if (landing && landingShown === landing && landing.step !== step) setLanding(null);
  const stepLanding = landing?.step === step ? landing : null;
  const continueTo = (next: Step) => {
    setLanding(null);
    // an earlier send's failure is about answers that have just been corrected
    create.reset();
    goTo(next);
  };

  // a first send shows the review it was sent from until it is answered
  const locked = unconfirmed !== null && (!create.isPending || checking);
  const review = (
    orderNumber: string,
    reviewOrder: Order | undefined,
    request: CreateReturnBody,
  ) => (
    <ReviewStep
      // a new screen when the request locks or unlocks, with focus put on it again
      key={locked ? 'unconfirmed' : 'open'}
      orderNumber={orderNumber}
      order={reviewOrder}
      body={request}
      unconfirmed={locked}
      landing={stepLanding}
      ready={draft.submission !== null}
      pending={sending}
      awaiting={sending && !create.isPending}
      // only the failure of a send of this submission: a refusal of an earlier request (whose
      // answers were corrected since, reaching the review by the browser's history rather than
      // Continue) is not about the request on screen
      error={create.variables?.idempotencyKey === draft.submission?.key ? create.error : null}
      onSubmit={submit}
      onDiscard={discardUnconfirmed}
      onEdit={goTo}
      onBack={() => goTo('address')}
    />
  );

  // a later step asked for while the order is read, or its read failed: the answers cannot be
  // judged yet. The read's failure or its spinner is shown, and the title and the steps say the
  // step asked for, where the customer was, not the order step, which is not on screen
  const orderFailed = readFailure !== null || orderQuery.isError;
  const orderUnread =
    requested !== step &&
    !unconfirmed &&
    !created &&
    draft.orderNumber !== null &&
    (orderFailed || orderQuery.isPending);
  const shownStep = orderUnread ? requested : step;

  let body;
  if (created) {
    // not judged any more (the order's quantities just changed) while the confirmation opens
    body = <Loading label="Return request sent. Opening the confirmation…" />;
  } else if (unconfirmed && requested !== 'review') {
    body = <Navigate to={{ search: stepSearch('review') }} replace />;
  } else if (unconfirmed) {
    // shown from the request as sent, at once: the order (when it comes, if it comes) only names
    // and prices what was sent
    body = review(unconfirmed.orderNumber, orderQuery.data, unconfirmed.body);
  } else if (orderUnread && orderFailed && draft.orderNumber) {
    body = (
      <div className={`${card} flex flex-col gap-3`}>
        <ApiErrorAlert
          error={readFailure ?? orderQuery.error}
          onRetry={() => void orderQuery.refetch()}
          retrying={orderQuery.isFetching}
          subject="the order"
          notFound={orderMissing(draft.orderNumber)}
        />
        <div>
          <Button variant="secondary" onClick={() => goTo('order')}>
            Choose another order
          </Button>
        </div>
      </div>
    );
  } else if (orderUnread) {
    body = <Loading label="Loading the order…" />;
  } else if (requested !== step) {
    // the answers do not reach this step (yet): go to the first step that needs something
    body = <Navigate to={{ search: stepSearch(step) }} replace state={{ check: true }} />;
  } else if (step === 'order' || !order) {
    const stale = order ? whyNotReturnable(order) : null;
    body = (
      <>
        {stale && order && !stepLanding ? (
          <Alert tone="warning" title="This return can no longer be sent">
            {describeNotReturnable(order.order_number, stale)}
          </Alert>
        ) : null}
        <OrderStep
          key={generation}
          defaultOrderNumber={linkedOrder ?? draft.orderInput}
          inProgress={draft.orderNumber}
          hasAnswers={draft.items !== null || draft.address !== null}
          landing={stepLanding}
          onChange={onOrderInput}
          onFound={onFound}
          onStartOver={startOver}
          staff={staff}
        />
        <ReturnRequestsList returns={returns} staff={staff} />
      </>
    );
  } else if (step === 'items') {
    body = (
      <ItemsStep
        order={order}
        saved={draft.items}
        landing={stepLanding}
        checkNow={checkNow}
        onChange={onItemsChange}
        onContinue={(items) => {
          update((d) => ({ ...d, items }));
          continueTo('address');
        }}
        onBack={() => goTo('order')}
      />
    );
  } else if (step === 'address') {
    body = (
      <AddressStep
        order={order}
        saved={draft.address}
        landing={stepLanding}
        checkNow={checkNow}
        onChange={onAddressChange}
        onContinue={(address) => {
          update((d) => ({ ...d, address }));
          continueTo('review');
        }}
        onBack={() => goTo('items')}
      />
    );
  } else if (draft.items && draft.address) {
    body = review(order.order_number, order, toCreateReturnBody(draft.items, draft.address).body);
  }

  return (
    <Page
      title={`${STEP_TITLES[shownStep]} · Return an item`}
      heading="Return an item"
      focusHeading={false}
      focusOnArrival={recovered || null}
    >
      <StepProgress step={shownStep} />
      {/* the order read again (after a refusal, a discarded request, a tab shown again) and
          failing: the steps still show what it held before, said here, with a way to read it */}
      {/* not where another branch shows the failure itself, nor over a request shown as sent */}
      {order && step !== 'order' && requested === step && !unconfirmed && !created ? (
        <RefreshFailedAlert
          query={orderQuery}
          title={`Could not refresh order ${order.order_number}`}
          notFound={orderMissing(order.order_number)}
        >
          What can be returned below is from the last time the order loaded.
        </RefreshFailedAlert>
      ) : null}
      {/* a step whose code could not be fetched (offline) says so in its place; the answers
          stay (in the draft, which a reload keeps) */}
      <PartBoundary
        parts={laterSteps}
        resetOn={step}
        fallback={
          <PartNotLoaded>
            This step could not be shown. Check the connection, then reload the page: your answers
            so far are kept.
          </PartNotLoaded>
        }
      >
        <Suspense fallback={<Loading label="Loading the step…" />}>
          {/* a draft taken from storage draws the steps anew: their forms hold the answers
              it replaced */}
          <DrawnAnew value={generation > 0 || replaced > 0}>
            <Fragment key={replaced}>{body}</Fragment>
          </DrawnAnew>
        </Suspense>
      </PartBoundary>
    </Page>
  );
}

/**
 * /account/returns/new: find the order, choose items, choose the pickup address, review and
 * send. The step is in the URL (?step=items) so the browser's back and forward move between
 * steps; the answers are in sessionStorage so a reload keeps them.
 */
export function ReturnWizardScreen() {
  const { identity, connection } = useSession();
  const store = storeOf(connection);
  if (!identity) {
    return (
      <Page title="Return an item">
        <SignInPrompt message="Sign in to ask for a return of something you bought." />
      </Page>
    );
  }
  // the draft belongs to the person signed in, at this store: a different sign-in (or store)
  // starts from its own draft
  const owner = recordsOwner(store, identity.userId || 'unknown-user');
  return <Wizard key={owner} userId={owner} />;
}
