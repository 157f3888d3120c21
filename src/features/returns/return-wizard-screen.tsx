import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '@/api/errors';
import { orderQueryOptions } from '@/api/orders';
import type { Order } from '@/api/schemas/order';
import { ApiErrorAlert } from '@/components/api-error-alert';
import { SignInPrompt } from '@/components/sign-in-prompt';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Page } from '@/components/ui/page';
import { Loading } from '@/components/ui/spinner';
import { useConnection, useSession } from '@/lib/session';
import { AddressStep } from './address-step';
import { ItemsStep } from './items-step';
import { OrderStep } from './order-step';
import { type Landing, landRefusal } from './refusals';
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
import { describeNotReturnable, whyNotReturnable } from './returnability';
import { useStoredReturns } from './returns-store';
import { ReviewStep } from './review-step';
import { useCreateReturn } from './use-create-return';
import { STEP_TITLES, StepProgress, card } from './wizard-parts';

/** The furthest step the draft's answers allow; later steps in the URL are sent back here. */
function furthestStep(order: Order | undefined, items: unknown, address: unknown): Step {
  if (!order || whyNotReturnable(order)) return 'order';
  if (!itemsStepSchema(order).safeParse(items).success) return 'items';
  if (!addressStepSchema.safeParse(address).success) return 'address';
  return 'review';
}

const stepSearch = (step: Step) => `?step=${step}`;

function Wizard({ userId }: { userId: string }) {
  const conn = useConnection();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const requested = parseStep(params.get('step'));
  const { draft, update, clear, finish } = useReturnDraft(userId);
  const [landing, setLanding] = useState<Landing | null>(null);
  // a new order step (fresh form) after "Start over"
  const [generation, setGeneration] = useState(0);
  // sent: the wizard stops judging its steps (the order's quantities just changed) while the
  // app moves on to the confirmation
  const [sent, setSent] = useState(false);
  const returns = useStoredReturns(userId);
  const create = useCreateReturn(userId);

  const orderQuery = useQuery({
    ...orderQueryOptions(conn, draft.orderNumber ?? ''),
    enabled: draft.orderNumber !== null,
  });
  const order = draft.orderNumber ? orderQuery.data : undefined;
  const furthest = furthestStep(order, draft.items, draft.address);
  const step: Step = STEPS.indexOf(requested) <= STEPS.indexOf(furthest) ? requested : furthest;
  const checkNow = (location.state as { check?: boolean } | null)?.check === true;

  // one Idempotency-Key per submission, made when the submission is ready to review
  const needsKey = step === 'review' && requested === 'review' && !draft.submission;
  useEffect(() => {
    if (needsKey) {
      update((d) =>
        d.submission ? d : { ...d, submission: { key: newIdempotencyKey(), uncertain: false } },
      );
    }
  }, [needsKey, update]);

  const goTo = useCallback(
    (next: Step) => {
      void navigate({ search: stepSearch(next) });
    },
    [navigate],
  );

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
    if (!submission || !orderNumber || !items || !address || create.isPending) return;
    const prepared = toCreateReturnBody(items, address);
    // from here until the service answers, a return may exist under this key
    update((d) => (d.submission ? { ...d, submission: { ...d.submission, uncertain: true } } : d));
    setLanding(null);
    create.mutate(
      { orderNumber, body: prepared.body, idempotencyKey: submission.key },
      {
        onSuccess: (created) => {
          finish();
          setSent(true);
          void navigate(`/account/returns/${encodeURIComponent(created.request_number)}`, {
            state: { justCreated: true },
          });
        },
        onError: (error) => {
          if (isApiError(error) && !error.isTransient) {
            // a refusal is definite: nothing was created, so changed answers get a new key
            update((d) =>
              d.submission ? { ...d, submission: { ...d.submission, uncertain: false } } : d,
            );
          }
          const landed = landRefusal(error, orderNumber, items, prepared.lineIndex);
          if (landed) {
            setLanding(landed);
            if (landed.step !== 'review') goTo(landed.step);
          }
        },
      },
    );
  };

  const stepLanding = landing?.step === step ? landing : null;
  const continueTo = (next: Step) => {
    setLanding(null);
    // an earlier send's failure is about answers that have just been corrected
    create.reset();
    goTo(next);
  };

  let body;
  if (sent) {
    body = <Loading label="Return request sent. Opening the confirmation…" />;
  } else if (requested !== step && draft.orderNumber && orderQuery.isPending) {
    body = <Loading label="Loading your order…" />;
  } else if (requested !== step && draft.orderNumber && orderQuery.isError) {
    body = (
      <div className={`${card} flex flex-col gap-3`}>
        <ApiErrorAlert
          error={orderQuery.error}
          onRetry={() => void orderQuery.refetch()}
          retrying={orderQuery.isFetching}
          notFound={`We couldn't find order ${draft.orderNumber} on your account.`}
        />
        <div>
          <Button variant="secondary" onClick={() => goTo('order')}>
            Choose another order
          </Button>
        </div>
      </div>
    );
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
          defaultOrderNumber={params.get('order') ?? draft.orderInput}
          inProgress={draft.orderNumber}
          landing={stepLanding}
          onChange={onOrderInput}
          onFound={onFound}
          onStartOver={startOver}
        />
        <ReturnRequestsList returns={returns} />
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
    body = (
      <ReviewStep
        order={order}
        items={draft.items}
        address={draft.address}
        landing={stepLanding}
        ready={draft.submission !== null}
        pending={create.isPending}
        error={create.error}
        onSubmit={submit}
        onEdit={goTo}
        onBack={() => goTo('address')}
      />
    );
  }

  return (
    <Page
      title={`${STEP_TITLES[step]} · Return an item`}
      heading="Return an item"
      focusHeading={false}
    >
      <StepProgress step={step} />
      {body}
    </Page>
  );
}

/**
 * /account/returns/new: find the order, choose items, choose the pickup address, review and
 * send. The step is in the URL (?step=items) so the browser's back and forward move between
 * steps; the answers are in sessionStorage so a reload keeps them.
 */
export function ReturnWizardScreen() {
  const { identity } = useSession();
  if (!identity) {
    return (
      <Page title="Return an item">
        <SignInPrompt message="Sign in to ask for a return of something you bought." />
      </Page>
    );
  }
  // the draft belongs to the person signed in: a different sign-in starts from its own draft
  const userId = identity.userId || 'unknown-user';
  return <Wizard key={userId} userId={userId} />;
}
